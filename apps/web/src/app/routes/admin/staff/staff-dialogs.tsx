/** Adding someone to the back office (by their shop account's email) and taking them out again. */
import { AdminAssignStaffInput, type AdminStaffMember, type AdminStaffRole } from '@meatshop/shared/staff-permissions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useAssignStaffRole, useRemoveStaff } from '@/features/back-office/api/staff';
import { DialogForm, FormDialog } from '@/features/back-office/components/form-dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function AddStaffDialog({ open, onClose, roles }: { open: boolean; onClose: () => void; roles: AdminStaffRole[] }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Add staff member"
      description="They need a shop account first. Give them the role that fits their work."
    >
      <AddStaffForm roles={roles} onClose={onClose} />
    </FormDialog>
  );
}

function AddStaffForm({ roles, onClose }: { roles: AdminStaffRole[]; onClose: () => void }) {
  const assign = useAssignStaffRole();
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState(roles.find((r) => r.id === 'support')?.id ?? roles[0]?.id ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();

  return (
    <DialogForm
      pending={assign.isPending}
      submitLabel="Add to Staff"
      serverError={serverError}
      onCancel={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = AdminAssignStaffInput.safeParse({ email, roleId });
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
          return;
        }
        setErrors({});
        assign.mutate(parsed.data, {
          onSuccess: (m) => {
            toast.success(`${m.fullName} is now ${m.roleName}`);
            onClose();
          },
          onError: (err) => {
            if (err instanceof ApiError && err.fields) setErrors(err.fields);
            setServerError(errorMessage(err, 'Could not add them to staff'));
          },
        });
      }}
    >
      <TextField
        id="staff-email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="name@example.com"
        value={email}
        error={errors.email}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrors(({ email: _, ...rest }) => rest);
        }}
      />
      <Field id="staff-role" label="Role" error={errors.roleId}>
        <Select id="staff-role" value={roleId} onChange={(e) => setRoleId(e.target.value)}>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </Select>
      </Field>
    </DialogForm>
  );
}

export function RemoveStaffDialog({ member, onClose }: { member: AdminStaffMember | null; onClose: () => void }) {
  const remove = useRemoveStaff();
  return (
    <Dialog open={!!member} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove from staff?</DialogTitle>
          <DialogDescription>
            {member?.fullName} will no longer open the back office. Their shop account stays, so they can still order.
          </DialogDescription>
        </DialogHeader>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            pending={remove.isPending}
            onClick={() =>
              member &&
              remove.mutate(member.userId, {
                onSuccess: () => {
                  toast.success(`${member.fullName} was removed from staff`);
                  onClose();
                },
                onError: (err) => toast.error(errorMessage(err, 'Could not remove them')),
              })
            }
          >
            Remove
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
