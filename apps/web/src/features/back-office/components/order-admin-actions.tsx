/**
 * The back office's moves on one order, shown only where the transition table allows them: take it
 * off its rider (back to the queue) and cancel it, each with a reason.
 */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import { awaitsGoodsReturn, isPaid, orderMay } from '@meatshop/shared/order-lifecycle';
import { customerOrderNumber } from '@meatshop/shared/status';
import { Undo2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAdminCancelOrder, useUnassignOrder } from '../api/orders';
import { useCan } from '../hooks/use-can';
import { OrderReasonForm } from './order-reason-form';

export function OrderAdminActions({ order: o, onChanged }: { order: AdminOrder; onChanged: (o: AdminOrder) => void }) {
  const [asking, setAsking] = useState<'unassign' | 'cancel' | null>(null);
  const unassign = useUnassignOrder();
  const cancel = useAdminCancelOrder();
  // Taking an order off its rider is dispatch work; cancelling needs the right to manage orders.
  const mayDispatch = useCan('dispatch.manage');
  const mayManage = useCan('orders.manage');
  const canUnassign = mayDispatch && orderMay('unassign', 'admin', o);
  const canCancel = mayManage && orderMay('cancel', 'admin', o);
  const number = customerOrderNumber(o.id);

  const run = (reason: string) => {
    const m = asking === 'unassign' ? unassign : cancel;
    m.mutate(
      { orderId: o.id, reason },
      {
        onSuccess: (next) => {
          toast.success(asking === 'unassign' ? `Order #${number} is back in the queue` : `Order #${number} was cancelled`);
          setAsking(null);
          onChanged(next);
        },
        onError: (err) => toast.error(errorMessage(err, 'Could not change the order')),
      },
    );
  };

  const pickedUp = o.status === 'picked_up';
  const cancelMessage = [
    pickedUp
      ? 'The rider has the goods: they go back in stock when the outlet confirms their return.'
      : 'Its stock, coupon use and delivery slot place are given back.',
    isPaid(o) ? 'It was paid: everything not yet refunded goes back to the customer.' : '',
    'The customer is told.',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      {o.status === 'cancelled' ? (
        <p className="mt-5 rounded-xl bg-cream p-3 text-sm text-ink-soft" data-testid="cancel-note">
          Cancelled{o.cancelReason ? `: ${o.cancelReason}` : ''}.
          {awaitsGoodsReturn(o) ? ' Waiting for the outlet to confirm the goods are back.' : ''}
        </p>
      ) : null}
      {asking ? (
        <OrderReasonForm
          key={asking}
          title={asking === 'unassign' ? `Take order #${number} off its rider?` : `Cancel order #${number}?`}
          message={
            asking === 'unassign'
              ? `It goes back to the queue for another rider${o.rider ? `; ${o.rider.fullName} no longer sees it` : ''}.`
              : cancelMessage
          }
          confirmLabel={asking === 'unassign' ? 'Back to queue' : 'Cancel order'}
          pending={unassign.isPending || cancel.isPending}
          onConfirm={run}
          onBack={() => setAsking(null)}
        />
      ) : canUnassign || canCancel ? (
        <div className="mt-5 flex flex-wrap justify-end gap-3 border-t border-line pt-4">
          {canUnassign ? (
            <Button variant="outline" onClick={() => setAsking('unassign')}>
              <Undo2 className="size-4" aria-hidden="true" />
              Take off rider
            </Button>
          ) : null}
          {canCancel ? (
            <Button variant="danger" onClick={() => setAsking('cancel')}>
              <XCircle className="size-4" aria-hidden="true" />
              Cancel order
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
