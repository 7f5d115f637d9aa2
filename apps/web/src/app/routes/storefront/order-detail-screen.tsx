/** /orders/{id}: items, totals, address, payment, timeline, Back to Orders; 'Order not found' (spec 2, 8). */
import { Trans, useLingui } from '@lingui/react/macro';
import { shopText } from '@/features/orders/shop-texts';
import { PAYMENT_METHOD_TEXT } from '@/features/orders/status-texts';
import { formatUGX } from '@meatshop/shared/money';
import { APPROVAL_WINDOW_HOURS, orderMay } from '@meatshop/shared/order-lifecycle';
import { ArrowLeft, Clock, Hourglass, MapPin, PackageX, Store, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from '@/lib/router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { OrderSummary } from '@/features/cart/components/order-summary';
import { useCancelOrder } from '@/features/orders/api/cancel-order';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderStatusBadge, PaymentStatusBadge } from '@/features/orders/components/order-status-badge';
import { BalanceDueCard } from '@/features/orders/components/balance-due-card';
import { OrderRefundsCard } from '@/features/orders/components/order-refunds-card';
import { OrderChangesList, OrderItemsEditor } from '@/features/orders/components/order-changes';
import { OrderTimeline } from '@/features/orders/components/order-timeline';
import { ReceiptLink } from '@/features/orders/components/receipt-link';
import { useLiveOrders } from '@/features/orders/hooks/use-live-orders';
import { OrderTrackingCard } from '@/features/tracking/components/order-tracking-card';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime, formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';
import { LineWeight } from '@/features/orders/components/line-weight';
import { LineDetail } from '@/features/catalog/components/line-detail';
import { describeOptions } from '@meatshop/shared/option-rules';
import { LineSubstitution } from '@/features/substitutions/components/line-substitution';
import { SubstitutionCards } from '@/features/substitutions/components/substitution-cards';

export function OrderDetailScreen() {
  const { t, i18n } = useLingui();
  const { id = '' } = useParams();
  const query = useOrder(id);
  const cancel = useCancelOrder();
  const [editing, setEditing] = useState(false);
  useLiveOrders();
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    if (query.isError && !notFound) toast.error(t`Failed to load order details`, { id: 'order-load' });
  }, [query.isError, notFound, t]);

  const back = (
    <Button asChild variant="ghost" className="-ml-5">
      <Link to={paths.orders}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        <Trans>Back to Orders</Trans>
      </Link>
    </Button>
  );

  if (query.isPending) {
    return (
      <div className="container-page space-y-6 py-8 sm:py-12" aria-busy="true">
        {back}
        <Skeleton className="h-9 w-64" />
        <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
          <Skeleton className="h-80 w-full rounded-[var(--radius-card)]" />
          <Skeleton className="h-80 w-full rounded-[var(--radius-card)]" />
        </div>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="container-page space-y-6 py-8 sm:py-12">
        {back}
        <Card>
          {notFound ? (
            <EmptyState icon={PackageX} title={t`Order not found`} description={t`This order does not exist or is not on your account.`} />
          ) : (
            <ErrorState message={t`Failed to load order details`} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          )}
        </Card>
      </div>
    );
  }

  const order = query.data.order;
  const a = order.shippingAddress;
  const canCancel = orderMay('cancel', 'customer', order);
  // The server decides for good; the button shows while the order is still pending.
  // Lines cut or noted for the butcher are not changed here (the server refuses it too).
  const canEdit =
    order.status === 'pending' &&
    !order.items.some((i) => i.options.length > 0 || i.note || i.weight || i.markdown || i.substitution.shortQuantity);
  const onCancel = () => {
    if (!window.confirm(t`Cancel this order? This cannot be undone.`)) return;
    cancel.mutate(order.id, {
      onSuccess: () => toast.success(t`Order cancelled`),
      onError: (err) => toast.error(shopText(i18n, errorMessage(err, t`Failed to cancel order`))),
    });
  };

  return (
    <div className="container-page space-y-6 py-8 sm:py-12">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight text-ink">
            <Trans>Order #{order.orderNumber}</Trans>
          </h1>
          <p className="mt-1 text-muted">
            <Trans>Placed {formatDateTime(order.createdAt)}</Trans>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <PaymentStatusBadge status={order.paymentStatus} />
        </div>
      </div>

      {order.status === 'awaiting_approval' ? <AwaitingApprovalNotice /> : null}
      <BalanceDueCard order={order} />
      <SubstitutionCards order={order} />

      <div className="grid gap-6 lg:grid-cols-[1fr_360px] lg:items-start">
        <div className="space-y-6">
          <OrderTrackingCard orderId={order.id} active={order.status === 'picked_up'} />
          <Card>
            <CardContent>
              <div className="mb-2 flex items-center justify-between gap-3">
                <h2 className="font-display text-xl font-semibold text-ink">
                  <Trans>Items</Trans>
                </h2>
                {canEdit && !editing ? (
                  <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                    <Trans>Change items</Trans>
                  </Button>
                ) : null}
              </div>
              {editing ? <OrderItemsEditor order={order} onDone={() => setEditing(false)} /> : null}
              <ul className={editing ? 'hidden' : 'divide-y divide-line'}>
                {order.items.map((i) => (
                  <li
                    key={i.id || `${i.productId}|${describeOptions(i.options)}|${i.note ?? ''}|${i.weight?.gramsPerPack ?? ''}`}
                    className="flex items-start gap-3 py-4 sm:gap-4"
                  >
                    {i.imageUrl ? (
                      <img src={i.imageUrl} alt="" className="size-14 shrink-0 rounded-xl bg-cream-deep object-cover sm:size-16" />
                    ) : (
                      <span className="size-14 shrink-0 rounded-xl bg-cream-deep sm:size-16" />
                    )}
                    {/* The total shares the name's row, so on a phone the line's details (cut, weight,
                        substitution) get the card's whole width instead of a narrow middle column. */}
                    <div className="min-w-0 flex-1">
                      <div className="flex items-start justify-between gap-3">
                        <p className="font-semibold text-ink">{i.productName}</p>
                        <p className="shrink-0 font-semibold whitespace-nowrap tabular-nums text-ink" data-testid="line-total">
                          {formatUGX(i.lineTotal)}
                        </p>
                      </div>
                      <LineDetail options={i.options} note={i.note} markdown={i.markdown} />
                      <LineSubstitution substitution={i.substitution} productName={i.productName} />
                      <p className="text-sm text-muted">
                        {i.quantity} × {formatUGX(i.price)}
                      </p>
                      <LineWeight weight={i.weight} estimate={i.price * i.quantity} />
                    </div>
                  </li>
                ))}
              </ul>
              <div className="mt-2 border-t border-line pt-5">
                <OrderSummary
                  subtotal={order.subtotalAmount}
                  deliveryFee={order.deliveryFee}
                  discount={order.discountAmount ?? 0}
                  total={order.totalAmount}
                  couponCode={order.couponCode}
                  weighed={order.items.some((i) => i.weight && i.weight.weighedGrams == null)}
                />
              </div>
            </CardContent>
          </Card>

          <div className="grid gap-6 md:grid-cols-2">
            <Card>
              <CardContent className="space-y-2">
                <h2 className="flex items-center gap-2 font-semibold text-ink">
                  <MapPin className="size-4.5 text-brand-700" aria-hidden="true" />
                  <Trans>Delivery address</Trans>
                </h2>
                <p className="text-ink">{a.fullName}</p>
                <p className="text-sm text-ink-soft">{a.formattedAddress}</p>
                <p className="text-sm text-muted">
                  {formatPhone(a.phone)} · {a.email}
                </p>
                {order.deliverySlot ? (
                  <p
                    className="flex items-start gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm font-medium text-ink"
                    data-testid="delivery-slot"
                  >
                    <Clock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                    <span>
                      <span className="text-muted">
                        <Trans>Delivery time:</Trans>{' '}
                      </span>
                      <SlotLabel label={order.deliverySlot.label} />
                    </span>
                  </p>
                ) : null}
                {order.deliveryInstructions ? (
                  <p className="rounded-xl bg-cream-deep p-3 text-sm text-ink-soft">“{order.deliveryInstructions}”</p>
                ) : null}
              </CardContent>
            </Card>
            <Card>
              <CardContent className="space-y-2">
                <h2 className="flex items-center gap-2 font-semibold text-ink">
                  <Wallet className="size-4.5 text-brand-700" aria-hidden="true" />
                  <Trans>Payment</Trans>
                </h2>
                <p className="text-ink">{i18n._(PAYMENT_METHOD_TEXT[order.paymentMethod])}</p>
                <PaymentStatusBadge status={order.paymentStatus} />
                {order.outlet ? (
                  <p className="flex items-center gap-2 pt-2 text-sm text-muted">
                    <Store className="size-4" aria-hidden="true" />
                    <Trans>From {order.outlet.name}</Trans>
                  </p>
                ) : null}
                <ReceiptLink order={order} className="mt-3 w-full sm:w-auto" />
              </CardContent>
            </Card>
          </div>
          <OrderRefundsCard refunds={order.refunds} />
        </div>

        <Card>
          <CardContent className="space-y-6">
            <h2 className="font-display text-xl font-semibold text-ink">
              <Trans>Order status</Trans>
            </h2>
            <OrderTimeline order={order} />
            <OrderChangesList orderId={order.id} />
            {order.deliveryPhotoUrl ? (
              <img src={order.deliveryPhotoUrl} alt={t`Delivery`} className="w-full rounded-2xl object-cover" />
            ) : null}
            {canCancel ? (
              <Button variant="outline" className="w-full" onClick={onCancel} pending={cancel.isPending} pendingText={t`Cancelling...`}>
                <Trans>Cancel order</Trans>
              </Button>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** A trade buyer's order over their limit: nobody prepares it until their business approves it. */
function AwaitingApprovalNotice() {
  return (
    <Card role="status" className="border-line-strong bg-cream-deep">
      <CardContent className="flex gap-3">
        <Hourglass className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div>
          <h2 className="font-semibold text-ink">
            <Trans>Waiting for your business's approval</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>
              This order is over your buying limit, so the account owner or an approver must approve it before we prepare it. Its items are
              set aside for you. We will tell you when they decide; if nobody does within {APPROVAL_WINDOW_HOURS} hours, it is declined.
            </Trans>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * "Mon 23 Nov, 08:00 – 10:00" breaks only after the day, so a narrow phone never leaves "10:00" alone
 * on the next line; the time range always stays in one piece.
 */
function SlotLabel({ label }: { label: string }) {
  const cut = label.lastIndexOf(', ');
  if (cut < 0) return label;
  return (
    <>
      <span className="whitespace-nowrap">{label.slice(0, cut + 1)}</span> <span className="whitespace-nowrap">{label.slice(cut + 2)}</span>
    </>
  );
}
