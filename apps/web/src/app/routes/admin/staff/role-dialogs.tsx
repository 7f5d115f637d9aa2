/** Making or editing a custom staff role (a name, its permissions, whether it needs an authenticator app), and deleting one. */
import {
  AdminStaffRoleInput,
  type AdminStaffRole,
  PERMISSION_NAMES,
  PERMISSIONS,
  type Permission,
} from '@meatshop/shared/staff-permissions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { useDeleteStaffRole, useSaveStaffRole } from '@/features/back-office/api/staff';
import { DialogForm, FormDialog } from '@/features/back-office/components/form-dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

type Editing = AdminStaffRole | 'new' | null;

export function RoleDialog({ role, onClose }: { role: Editing; onClose: () => void }) {
  return (
    <FormDialog
      open={role !== null}
      onOpenChange={(o) => !o && onClose()}
      title={role === 'new' ? 'New staff role' : 'Edit staff role'}
      description="Tick what people with this role may do. Everyone who holds it gets the change at once."
      className="max-w-2xl"
    >
      {role ? <RoleForm role={role === 'new' ? null : role} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function RoleForm({ role, onClose }: { role: AdminStaffRole | null; onClose: () => void }) {
  const save = useSaveStaffRole();
  const [name, setName] = useState(role?.name ?? '');
  const [chosen, setChosen] = useState<Set<Permission>>(new Set(role?.permissions ?? []));
  const [twoFactor, setTwoFactor] = useState(role?.twoFactor ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();
  const toggle = (p: Permission) => {
    setErrors(({ permissions: _, ...rest }) => rest);
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(p)) next.delete(p);
      else next.add(p);
      return next;
    });
  };

  return (
    <DialogForm
      pending={save.isPending}
      submitLabel={role ? 'Save' : 'Create Role'}
      serverError={serverError}
      onCancel={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = AdminStaffRoleInput.safeParse({ name, permissions: PERMISSION_NAMES.filter((p) => chosen.has(p)), twoFactor });
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
          return;
        }
        setErrors({});
        save.mutate(
          { id: role?.id, input: parsed.data },
          {
            onSuccess: (r) => {
              toast.success(role ? `${r.name} was updated` : `${r.name} was created`);
              onClose();
            },
            onError: (err) => {
              if (err instanceof ApiError && err.fields) setErrors(err.fields);
              setServerError(errorMessage(err, 'Could not save the role'));
            },
          },
        );
      }}
    >
      <TextField
        id="staff-role-name"
        label="Role name"
        value={name}
        error={errors.name}
        onChange={(e) => {
          setName(e.target.value);
          setErrors(({ name: _, ...rest }) => rest);
        }}
      />
      <fieldset aria-describedby={errors.permissions ? 'staff-role-permissions-error' : undefined}>
        <legend className="mb-2 text-sm font-semibold text-ink">Permissions</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PERMISSION_NAMES.map((p) => (
            <label
              key={p}
              className="flex cursor-pointer items-start gap-2.5 rounded-xl border border-line p-3 text-sm transition-colors has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" checked={chosen.has(p)} onChange={() => toggle(p)} />
              <span className="text-ink">{PERMISSIONS[p]}</span>
            </label>
          ))}
        </div>
        {errors.permissions ? (
          <p id="staff-role-permissions-error" className="mt-2 text-sm font-medium text-danger">
            {errors.permissions}
          </p>
        ) : null}
      </fieldset>
      <label className="flex cursor-pointer items-start gap-2.5 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={twoFactor}
          onChange={(e) => setTwoFactor(e.target.checked)}
        />
        <span className="text-ink">
          Needs an authenticator app
          <span className="block text-muted">When the shop requires two-step sign-in, people with this role must set it up first.</span>
        </span>
      </label>
    </DialogForm>
  );
}

export function DeleteRoleDialog({ role, onClose }: { role: AdminStaffRole | null; onClose: () => void }) {
  const remove = useDeleteStaffRole();
  return (
    <Dialog open={!!role} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete role?</DialogTitle>
          <DialogDescription>Are you sure you want to delete the role “{role?.name}”? This action cannot be undone.</DialogDescription>
        </DialogHeader>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            pending={remove.isPending}
            onClick={() =>
              role &&
              remove.mutate(role.id, {
                onSuccess: () => {
                  toast.success(`${role.name} was deleted`);
                  onClose();
                },
                onError: (err) => toast.error(errorMessage(err, 'Could not delete the role')),
              })
            }
          >
            Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
