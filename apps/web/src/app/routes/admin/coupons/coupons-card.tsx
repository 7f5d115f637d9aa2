/** Coupons management: create, edit percentage / expiry / usage limit, activate or deactivate, delete unused. */
import { type AdminCoupon, COUPON_UNUSABLE_LABEL } from '@meatshop/shared/admin-coupons';
import { Pencil, Plus, TicketPercent, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { useCoupons, useDeleteCoupon, useUpdateCoupon } from '@/features/back-office/api/coupons';
import { OpsTable, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { CouponDialog } from './coupon-dialog';

export function CouponsCard() {
  const coupons = useCoupons();
  const update = useUpdateCoupon();
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);

  const toggle = (c: AdminCoupon) =>
    update.mutate(
      { code: c.code, patch: { isActive: !c.isActive } },
      {
        onSuccess: () => toast.success(c.isActive ? `Coupon ${c.code} deactivated` : `Coupon ${c.code} activated`),
        onError: (err) => toast.error(errorMessage(err, 'Failed to update coupon')),
      },
    );
  const del = (c: AdminCoupon) => {
    if (!window.confirm(`Delete coupon ${c.code}?`)) return;
    remove.mutate(c.code, {
      onSuccess: () => toast.success(`Coupon ${c.code} deleted`),
      onError: (err) => toast.error(errorMessage(err, 'Failed to delete coupon')),
    });
  };

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-3 p-5 sm:p-6">
        <div className="space-y-1">
          <CardTitle>Coupons</CardTitle>
          <CardDescription>Percentage off the subtotal; checkout refuses inactive, expired or used-up coupons.</CardDescription>
        </div>
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden="true" />
          New Coupon
        </Button>
      </div>
      {coupons.isError ? (
        <ErrorState title="Failed to load coupons" message={errorMessage(coupons.error)} onRetry={() => coupons.refetch()} />
      ) : !coupons.data ? (
        <TableSkeleton cols={5} rows={4} />
      ) : coupons.data.coupons.length === 0 ? (
        <EmptyState icon={TicketPercent} title="No coupons yet" description="Create one to reward your customers." />
      ) : (
        // On a phone each coupon is its code with the rest under it, and its actions: no sideways scrolling.
        <OpsTable className="min-w-0 sm:min-w-[36rem]">
          <thead>
            <tr>
              <Th>Code</Th>
              <Th className="text-right max-sm:hidden">Discount</Th>
              <Th className="max-sm:hidden">Status</Th>
              <Th className="max-sm:hidden">Expires</Th>
              <Th className="text-right max-sm:hidden">Used</Th>
              <Th className="text-right">Actions</Th>
            </tr>
          </thead>
          <tbody>
            {coupons.data.coupons.map((c) => {
              const status = c.unusableReason ? (
                <Badge tone={c.unusableReason === 'inactive' ? 'neutral' : 'warning'}>{COUPON_UNUSABLE_LABEL[c.unusableReason]}</Badge>
              ) : (
                <Badge tone="success">Active</Badge>
              );
              const used = `${c.usedCount}${c.usageLimit != null ? ` / ${c.usageLimit}` : ''}`;
              const expires = c.expiresAt ? formatDateTime(c.expiresAt) : 'Never';
              return (
                <tr key={c.code}>
                  <Td className="font-mono font-semibold">
                    {c.code}
                    <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 font-sans text-xs font-normal text-muted sm:hidden">
                      {status}
                      <span>{c.percent}% off</span>
                      <span>Used {used}</span>
                      <span>Expires {expires}</span>
                    </span>
                  </Td>
                  <Td className="text-right tabular-nums max-sm:hidden">{c.percent}%</Td>
                  <Td className="max-sm:hidden">{status}</Td>
                  <Td className="text-ink-soft max-sm:hidden">{expires}</Td>
                  <Td className="text-right tabular-nums max-sm:hidden">{used}</Td>
                  <Td>
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => toggle(c)}
                        pending={update.isPending && update.variables?.code === c.code}
                      >
                        {c.isActive ? 'Deactivate' : 'Activate'}
                      </Button>
                      <Button variant="ghost" size="icon-sm" onClick={() => setEditing(c)} aria-label={`Edit ${c.code}`}>
                        <Pencil className="size-4" aria-hidden="true" />
                      </Button>
                      {c.usedCount === 0 ? (
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          onClick={() => del(c)}
                          pending={remove.isPending && remove.variables === c.code}
                          aria-label={`Delete ${c.code}`}
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                        </Button>
                      ) : null}
                    </div>
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </OpsTable>
      )}
      <CouponDialog coupon={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
