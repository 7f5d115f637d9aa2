/**
 * Employees > Roles: the employee_roles table. Admins add, rename and delete roles;
 * a role some employee holds cannot be deleted (the server refuses with 409, the UI says why first).
 */
import type { AdminRole } from '@meatshop/shared/employee-roles';
import { Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateRole } from '@/features/employee-roles/api/create-role';
import { useDeleteRole } from '@/features/employee-roles/api/delete-role';
import { useRoles } from '@/features/employee-roles/api/get-roles';
import { useRenameRole } from '@/features/employee-roles/api/rename-role';
import { RoleNameForm } from '@/features/employee-roles/components/role-name-form';
import { errorMessage } from '@/lib/api-client';

export function AdminRolesScreen() {
  const { data, isPending, isError, error, refetch, isRefetching } = useRoles();
  const create = useCreateRole();
  const [renaming, setRenaming] = useState<AdminRole | null>(null);
  const [deleting, setDeleting] = useState<AdminRole | null>(null);

  return (
    <div className="max-w-3xl space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Add a role</CardTitle>
          <CardDescription>
            Roles are given to outlet employees. A role named Manager may manage its outlet's staff and settings.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RoleNameForm
            id="new-role"
            label="Role name"
            submitLabel="Add Role"
            pending={create.isPending}
            onSubmit={async (name) => {
              await create.mutateAsync({ name });
              toast.success('Role created successfully');
            }}
          />
        </CardContent>
      </Card>

      <Card className="overflow-hidden">
        {isPending ? (
          <div className="space-y-3 p-5">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : isError ? (
          <ErrorState title="Failed to load roles" message={errorMessage(error)} onRetry={() => void refetch()} retrying={isRefetching} />
        ) : data.roles.length === 0 ? (
          <EmptyState icon={ShieldCheck} title="No roles yet" description="Add the first role above." />
        ) : (
          <ul className="divide-y divide-line">
            {data.roles.map((r) => (
              <li key={r.id} className="flex items-center gap-3 px-5 py-3.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{r.name}</p>
                  <p className="text-sm text-muted">
                    {r.employeeCount === 0 ? 'No employees' : `${r.employeeCount} ${r.employeeCount === 1 ? 'employee' : 'employees'}`}
                  </p>
                </div>
                <Button variant="ghost" size="icon-sm" aria-label={`Rename ${r.name}`} onClick={() => setRenaming(r)}>
                  <Pencil className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Delete ${r.name}`}
                  title={r.employeeCount > 0 ? 'In use: give its employees another role first' : undefined}
                  disabled={r.employeeCount > 0}
                  onClick={() => setDeleting(r)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <RenameDialog role={renaming} onClose={() => setRenaming(null)} />
      <DeleteDialog role={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function RenameDialog({ role, onClose }: { role: AdminRole | null; onClose: () => void }) {
  const rename = useRenameRole();
  return (
    <Dialog open={!!role} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename role</DialogTitle>
          <DialogDescription>Employees who hold it keep it under the new name.</DialogDescription>
        </DialogHeader>
        {role ? (
          <RoleNameForm
            key={role.id}
            id="rename-role"
            label="Role name"
            submitLabel="Save"
            defaultName={role.name}
            pending={rename.isPending}
            onSubmit={async (name) => {
              await rename.mutateAsync({ id: role.id, name });
              toast.success('Role updated successfully');
              onClose();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ role, onClose }: { role: AdminRole | null; onClose: () => void }) {
  const remove = useDeleteRole();
  return (
    <Dialog open={!!role} onOpenChange={(open) => !open && onClose()}>
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
                  toast.success('Role deleted successfully');
                  onClose();
                },
                onError: (err) => toast.error(errorMessage(err, 'Failed to delete role')),
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
