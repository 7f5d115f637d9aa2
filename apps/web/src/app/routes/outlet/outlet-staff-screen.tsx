/**
 * Outlet staff: the outlet's employees and their roles. A manager may change a
 * colleague's role (to any but Manager) and activate or deactivate them, but not another manager, and
 * not switch back on someone an administrator switched off; everyone else reads (the server enforces it).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { OutletStaffMember } from '@meatshop/shared/outlet';
import { Users } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutletStaff } from '@/features/outlet/api/get-outlet-staff';
import { useUpdateOutletStaff } from '@/features/outlet/api/update-outlet-staff';
import { errorMessage } from '@/lib/api-client';
import { initials } from '@/lib/format';

export function OutletStaffScreen() {
  const { t } = useLingui();
  const { data, isPending, isError, error, refetch, isRefetching } = useOutletStaff();

  if (isPending) {
    return (
      <Card className="space-y-3 p-5">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </Card>
    );
  }
  if (isError) {
    return (
      <Card>
        <ErrorState
          title={t`Failed to load employees`}
          message={errorMessage(error)}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      </Card>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        {data.canManage
          ? t`As the manager you can change roles and who has access to the outlet portal. Managers, and staff an administrator deactivated, are changed by an administrator.`
          : t`Only the outlet manager can change roles and access. Ask your manager or an administrator.`}
      </p>
      <Card className="overflow-hidden">
        {data.staff.length === 0 ? (
          <EmptyState icon={Users} title={t`No staff yet`} description={t`An administrator adds employees to this outlet.`} />
        ) : (
          <ul className="divide-y divide-line">
            {data.staff.map((m) => (
              <StaffRow key={m.id} member={m} canManage={m.canChange} roles={data.roles} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function StaffRow({
  member: m,
  canManage,
  roles,
}: {
  member: OutletStaffMember;
  canManage: boolean;
  roles: { id: number; name: string }[];
}) {
  const { t } = useLingui();
  const update = useUpdateOutletStaff();
  const pendingRole = update.isPending && update.variables?.roleId !== undefined;
  const pendingActive = update.isPending && update.variables?.isActive !== undefined;
  const onError = (err: unknown) => toast.error(errorMessage(err, t`Failed to update employee`));

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800">
        {initials(m.fullName)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink">
          {m.fullName}
          {m.isSelf ? (
            <span className="ml-1.5 text-xs font-normal text-muted">
              <Trans>(you)</Trans>
            </span>
          ) : null}
        </p>
        <p className="truncate text-sm text-muted">{m.email}</p>
      </div>
      <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto">
        {canManage ? (
          <Select
            className="w-40"
            aria-label={t`Role of ${m.fullName}`}
            value={m.roleId}
            disabled={pendingRole}
            onChange={(e) =>
              update.mutate(
                { id: m.id, roleId: Number(e.target.value) },
                { onSuccess: () => toast.success(t`Employee updated successfully`), onError },
              )
            }
          >
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        ) : (
          <Badge tone="neutral">{m.roleName}</Badge>
        )}
        <Badge tone={m.isActive ? 'success' : 'danger'}>{m.isActive ? t`Active` : t`Inactive`}</Badge>
        {m.deactivatedByAdmin ? (
          <span className="text-xs text-muted">
            <Trans>Deactivated by an administrator</Trans>
          </span>
        ) : null}
        {canManage && !m.deactivatedByAdmin ? (
          <Button
            size="sm"
            variant={m.isActive ? 'outline' : 'secondary'}
            pending={pendingActive}
            onClick={() =>
              update.mutate(
                { id: m.id, isActive: !m.isActive },
                {
                  onSuccess: (u) => toast.success(u.isActive ? t`Employee activated successfully` : t`Employee deactivated successfully`),
                  onError,
                },
              )
            }
          >
            {m.isActive ? t`Deactivate` : t`Activate`}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
