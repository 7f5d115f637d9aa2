/**
 * Staff & Roles: who works in the back office with which role, and the roles themselves. Built-in
 * roles are fixed; an owner makes custom ones from the permission list. The server keeps the rules
 * (one Owner at least, only an Owner makes an Owner) and its messages are shown as they come.
 */
import { type AdminStaffMember, type AdminStaffRole, OWNER_ROLE_ID, PERMISSIONS } from '@meatshop/shared/staff-permissions';
import { Pencil, Plus, ShieldCheck, Trash2, UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAssignStaffRole, useStaff, useStaffRoles } from '@/features/back-office/api/staff';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useShopStore } from '@/stores/shop-store';
import { AddStaffDialog, RemoveStaffDialog } from './staff-dialogs';
import { DeleteRoleDialog, RoleDialog } from './role-dialogs';

export function StaffScreen() {
  return (
    <div className="max-w-5xl space-y-6">
      <StaffCard />
      <RolesCard />
    </div>
  );
}

function Loading() {
  return (
    <div className="space-y-3 p-5">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

function StaffCard() {
  const staff = useStaff();
  const roles = useStaffRoles();
  const assign = useAssignStaffRole();
  const me = useShopStore((s) => s.user?.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AdminStaffMember | null>(null);

  const changeRole = (m: AdminStaffMember, roleId: string) =>
    assign.mutate(
      { email: m.email, roleId },
      {
        onSuccess: (updated) => toast.success(`${updated.fullName} is now ${updated.roleName}`),
        onError: (err) => toast.error(errorMessage(err, 'Could not change the role')),
      },
    );

  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Staff</CardTitle>
          <CardDescription>People who use the back office, and the role that decides what each may do.</CardDescription>
        </div>
        <Button size="sm" onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          Add Staff Member
        </Button>
      </CardHeader>
      {staff.isPending || roles.isPending ? (
        <Loading />
      ) : staff.isError || roles.isError ? (
        <ErrorState
          title="Failed to load staff"
          message={errorMessage(staff.error ?? roles.error)}
          onRetry={() => void Promise.all([staff.refetch(), roles.refetch()])}
          retrying={staff.isRefetching || roles.isRefetching}
        />
      ) : staff.data.staff.length === 0 ? (
        <EmptyState icon={Users} title="No staff yet" description="Add the first staff member with their shop account's email." />
      ) : (
        <ul className="divide-y divide-line border-t border-line">
          {staff.data.staff.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3.5" data-testid="staff-row">
              <div className="min-w-0 flex-1 basis-56">
                <p className="truncate font-medium text-ink">
                  {m.fullName}
                  {m.userId === me ? <span className="font-normal text-muted"> (you)</span> : null}
                </p>
                <p className="truncate text-sm text-muted">{m.email}</p>
              </div>
              {m.twoFactorEnabled ? (
                <Badge tone="success">
                  <ShieldCheck className="size-3.5" aria-hidden="true" />
                  Two-step on
                </Badge>
              ) : (
                <Badge>Password only</Badge>
              )}
              <Select
                aria-label={`Role of ${m.fullName}`}
                className="w-48"
                value={m.roleId}
                disabled={assign.isPending}
                onChange={(e) => changeRole(m, e.target.value)}
              >
                {m.roleId === '' ? <option value="">No role</option> : null}
                {roles.data.roles.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </Select>
              <Button variant="ghost" size="icon-sm" aria-label={`Remove ${m.fullName} from staff`} onClick={() => setRemoving(m)}>
                <UserMinus className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddStaffDialog open={adding} onClose={() => setAdding(false)} roles={roles.data?.roles ?? []} />
      <RemoveStaffDialog member={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function RolesCard() {
  const roles = useStaffRoles();
  const [editing, setEditing] = useState<AdminStaffRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminStaffRole | null>(null);

  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Roles</CardTitle>
          <CardDescription>
            Each role is a set of permissions. The built-in roles are fixed; make a custom role for a different mix.
          </CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden="true" />
          New Role
        </Button>
      </CardHeader>
      {roles.isPending ? (
        <Loading />
      ) : roles.isError ? (
        <ErrorState
          title="Failed to load roles"
          message={errorMessage(roles.error)}
          onRetry={() => void roles.refetch()}
          retrying={roles.isRefetching}
        />
      ) : (
        <ul className="divide-y divide-line border-t border-line">
          {roles.data.roles.map((r) => (
            <li key={r.id} className="space-y-2 px-5 py-4" data-testid="staff-role">
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-semibold text-ink">{r.name}</p>
                {r.builtIn ? <Badge>Built-in</Badge> : <Badge tone="info">Custom</Badge>}
                {r.twoFactor ? <Badge tone="warning">Authenticator app</Badge> : null}
                <span className="text-sm text-muted">
                  {r.members === 0 ? 'Nobody' : `${r.members} ${r.members === 1 ? 'person' : 'people'}`}
                </span>
                {r.builtIn ? null : (
                  <span className="ml-auto flex gap-1">
                    <Button variant="ghost" size="icon-sm" aria-label={`Edit ${r.name}`} onClick={() => setEditing(r)}>
                      <Pencil className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Delete ${r.name}`}
                      title={r.members > 0 ? 'In use: give its people another role first' : undefined}
                      disabled={r.members > 0}
                      onClick={() => setDeleting(r)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </span>
                )}
              </div>
              <p className="text-sm text-ink-soft">{r.description}</p>
              <ul className="flex flex-wrap gap-1.5" aria-label={`Permissions of ${r.name}`}>
                {r.id === OWNER_ROLE_ID ? (
                  <li>
                    <Badge tone="brand">Everything</Badge>
                  </li>
                ) : (
                  r.permissions.map((p) => (
                    <li key={p}>
                      <Badge className="whitespace-normal">{PERMISSIONS[p]}</Badge>
                    </li>
                  ))
                )}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <RoleDialog role={editing} onClose={() => setEditing(null)} />
      <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
