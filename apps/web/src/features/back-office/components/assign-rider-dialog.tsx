/**
 * Assign-rider modal: active online riders; only pending orders that are paid or cash on delivery.
 * Riders come ranked for the order (nearest to its outlet, fewest open deliveries first) with the
 * suggested one marked and preselected.
 */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import { orderMay } from '@meatshop/shared/order-lifecycle';
import { customerOrderNumber } from '@meatshop/shared/status';
import { Bike, Star } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAssignRider, useAvailableRiders } from '../api/orders';

/** The transition table's answer: pending, and paid or cash on delivery. */
export const canAssign = (o: Pick<AdminOrder, 'status' | 'paymentStatus' | 'paymentMethod'>) => orderMay('assign', 'admin', o);

export function AssignRiderDialog({
  order,
  onOpenChange,
}: {
  order: Pick<AdminOrder, 'id'> | null;
  onOpenChange: (open: boolean) => void;
}) {
  const riders = useAvailableRiders(order?.id ?? null);
  const assign = useAssignRider();
  const [picked, setPicked] = useState('');
  const [error, setError] = useState('');
  const suggested = riders.data?.find((r) => r.suggested)?.id ?? '';
  const riderId = picked || suggested;
  const setRiderId = setPicked;

  const submit = () => {
    if (!order) return;
    if (!riderId) return setError('Please select a rider');
    assign.mutate(
      { orderId: order.id, riderId },
      {
        onSuccess: () => {
          toast.success('Rider assigned successfully');
          setRiderId('');
          onOpenChange(false);
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to assign rider')),
      },
    );
  };

  return (
    <Dialog
      open={!!order}
      onOpenChange={(o) => {
        if (!o) {
          setRiderId('');
          setError('');
        }
        onOpenChange(o);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Assign Rider</DialogTitle>
          <DialogDescription>{order ? `Order #${customerOrderNumber(order.id)}: choose an online rider.` : null}</DialogDescription>
        </DialogHeader>
        {riders.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : riders.isError ? (
          <p role="alert" className="text-sm text-danger">
            Failed to load riders
          </p>
        ) : riders.data.length === 0 ? (
          <p className="rounded-xl bg-cream-deep p-4 text-sm text-ink-soft">No riders are online right now.</p>
        ) : (
          <fieldset>
            <legend className="sr-only">Available riders</legend>
            <ul className="space-y-2">
              {riders.data.map((r) => (
                <li key={r.id} data-testid="rider-option" data-suggested={r.suggested ? 'true' : undefined}>
                  <label
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-xl border p-3 transition-colors',
                      riderId === r.id ? 'border-brand-700 bg-brand-50' : 'border-line hover:bg-cream',
                    )}
                  >
                    <input
                      type="radio"
                      name="rider"
                      value={r.id}
                      checked={riderId === r.id}
                      onChange={() => {
                        setRiderId(r.id);
                        setError('');
                      }}
                      className="accent-brand-700"
                    />
                    <Bike className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-ink">
                        {r.fullName}
                        {r.suggested ? (
                          <span className="rounded-full bg-[#e3f2e8] px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-[#1f6f43]">
                            Suggested
                          </span>
                        ) : null}
                      </span>
                      <span className="block text-xs text-muted">
                        {r.distanceKm === null ? 'Location unknown' : `${r.distanceKm.toFixed(1)} km from outlet`} ·{' '}
                        {r.openDeliveries === 0
                          ? 'No open deliveries'
                          : `${r.openDeliveries} open ${r.openDeliveries === 1 ? 'delivery' : 'deliveries'}`}
                      </span>
                      <span className="block text-xs text-muted">
                        {r.phone} · {r.vehicleType}
                      </span>
                    </span>
                    <span className="hidden items-center gap-1 text-xs text-ink-soft sm:flex">
                      <Star className="size-3.5 text-gold" aria-hidden="true" />
                      {r.rating.toFixed(1)} · {r.totalDeliveries} deliveries
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {error ? (
          <p role="alert" className="mt-3 text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} pending={assign.isPending} pendingText="Assigning..." disabled={!riders.data?.length}>
            Assign Rider
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
