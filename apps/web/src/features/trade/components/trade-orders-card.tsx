/**
 * The business's orders, by every member, newest first, with who placed each. A buyer's order over
 * their limit waits here for the owner or an approver: they see it first, with how long it has
 * waited, and approve it or decline it with a reason the buyer reads. Everyone else sees it as
 * "Awaiting approval".
 */
import type { OrderStatus } from '@meatshop/shared/status';
import {
  customerOrderNumber,
  ORDER_STATUS_LABEL,
  ORDER_STATUS_TONE,
  PAYMENT_METHOD_LABEL,
  type PaymentMethod,
} from '@meatshop/shared/status';
import { formatUGX } from '@meatshop/shared/money';
import { APPROVAL_WINDOW_HOURS, type TradeOrder, TradeOrderDeclineInput } from '@meatshop/shared/trade';
import { Check, Hourglass, Package, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useApproveTradeOrder, useDeclineTradeOrder, useTradeOrders } from '../api/trade-orders';

const HELD = 'awaiting_approval';

/** "waiting 12 min", "waiting 3 h": how long a held order has waited. */
function waited(createdAt: string, now = Date.now()) {
  const minutes = Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 1) return 'just placed';
  return `waiting ${minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h`}`;
}

export function TradeOrdersCard({ canApprove }: { canApprove: boolean }) {
  const orders = useTradeOrders(true);
  const held = orders.data?.orders.filter((o) => o.status === HELD) ?? [];
  const rest = orders.data?.orders.filter((o) => !(canApprove && o.status === HELD)) ?? [];
  return (
    <Card>
      <CardContent className="sm:p-8">
        <h2 className="font-display text-xl font-semibold text-ink">The business's orders</h2>
        <p className="mt-1 text-sm text-muted">Every order a member placed for the business.</p>
        <div className="mt-5">
          {orders.isPending ? (
            <div className="space-y-3" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : orders.isError ? (
            <ErrorState message="Failed to load the orders" onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
          ) : orders.data.orders.length === 0 ? (
            <EmptyState icon={Package} title="No orders yet" description="Orders any member places appear here." className="py-8" />
          ) : (
            <>
              {canApprove && held.length > 0 ? (
                <section aria-labelledby="held-orders-title" className="mb-6 rounded-2xl bg-cream-deep p-4 sm:p-5">
                  <h3 id="held-orders-title" className="flex items-center gap-2 font-semibold text-ink">
                    <Hourglass className="size-4 text-brand-700" aria-hidden="true" />
                    Waiting for your approval ({held.length})
                  </h3>
                  <p className="mt-1 text-sm text-muted">
                    Over the buyer's limit. Their stock is held; an order nobody approves within {APPROVAL_WINDOW_HOURS} hours is declined.
                  </p>
                  <ul className="mt-3 divide-y divide-line" data-testid="held-orders">
                    {held.map((o) => (
                      <HeldOrderRow key={o.id} order={o} />
                    ))}
                  </ul>
                </section>
              ) : null}
              <ul className="divide-y divide-line" data-testid="trade-orders">
                {rest.map((o) => (
                  <OrderRow key={o.id} order={o} />
                ))}
              </ul>
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function StatusBadge({ status }: { status: string }) {
  return <Badge tone={ORDER_STATUS_TONE[status as OrderStatus] ?? 'neutral'}>{ORDER_STATUS_LABEL[status as OrderStatus] ?? status}</Badge>;
}

function OrderRow({ order: o }: { order: TradeOrder }) {
  const decided = o.approvalByName
    ? `${o.status === 'cancelled' ? 'Declined' : 'Approved'} by ${o.approvalByName}${o.status === 'cancelled' && o.cancelReason ? `: ${o.cancelReason}` : ''}`
    : o.status === HELD
      ? 'Waiting for an approver'
      : null;
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-semibold text-ink">#{customerOrderNumber(o.id)}</p>
        <p className="truncate text-sm text-muted">
          {o.placedBy} · {formatDateTime(o.createdAt)}
        </p>
        {decided ? <p className="text-sm text-muted">{decided}</p> : null}
      </div>
      <div className="shrink-0 text-right">
        <p className="font-semibold text-ink tabular-nums">{formatUGX(o.totalAmount)}</p>
        <StatusBadge status={o.status} />
      </div>
    </li>
  );
}

function HeldOrderRow({ order: o }: { order: TradeOrder }) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const approve = useApproveTradeOrder();
  const decline = useDeclineTradeOrder();
  const number = customerOrderNumber(o.id);
  const fieldId = `decline-${o.id}`;
  const onApprove = () =>
    approve.mutate(o.id, {
      onSuccess: () => toast.success(`Order #${number} approved`),
      onError: (err) => toast.error(errorMessage(err, 'Failed to approve the order')),
    });
  const onDecline = () => {
    const parsed = TradeOrderDeclineInput.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    decline.mutate(
      { id: o.id, reason: parsed.data.reason },
      {
        onSuccess: () => toast.success(`Order #${number} declined`),
        onError: (err) => toast.error(errorMessage(err, 'Failed to decline the order')),
      },
    );
  };
  return (
    <li className="py-3" data-testid={`held-${number}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-ink">#{number}</p>
          <p className="text-sm text-muted">
            {o.placedBy} · {PAYMENT_METHOD_LABEL[o.paymentMethod as PaymentMethod] ?? o.paymentMethod}
          </p>
          <p className="text-sm text-muted">
            {formatDateTime(o.createdAt)} · {waited(o.createdAt)}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="font-semibold text-ink tabular-nums">{formatUGX(o.totalAmount)}</p>
          <StatusBadge status={o.status} />
        </div>
      </div>
      {declining ? (
        <div className="mt-3 space-y-3">
          <Field id={fieldId} label="Why is it declined?" error={error} hint="The buyer reads this.">
            <Textarea
              id={fieldId}
              className="min-h-20"
              value={reason}
              maxLength={300}
              invalid={!!error}
              aria-describedby={fieldDescribedBy(fieldId, error, true)}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="danger" onClick={onDecline} pending={decline.isPending} pendingText="Declining…">
              Decline order
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDeclining(false)}>
              Keep it waiting
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={onApprove} pending={approve.isPending} pendingText="Approving…">
            <Check className="size-4" aria-hidden="true" />
            Approve
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDeclining(true)} disabled={approve.isPending}>
            <X className="size-4" aria-hidden="true" />
            Decline
          </Button>
        </div>
      )}
    </li>
  );
}
