/**
 * Outlet order detail: customer, address, items, payment and timeline, with the
 * outlet's two actions: mark ready for pickup, and print the packing slip.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUGX } from '@meatshop/shared/money';
import { PAYMENT_STATUS_TONE, shortOrderId } from '@meatshop/shared/status';
import { ArrowLeft, Clock, Download, MapPin, PackageCheck, PackageOpen, PackageX, Phone, Printer, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from '@/lib/router';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutletOrder } from '@/features/outlet/api/get-outlet-order';
import { useConfirmOrderReturn } from '@/features/outlet/api/confirm-order-return';
import { useMarkOrderReady } from '@/features/outlet/api/mark-order-ready';
import { OrderStatusBadge, ReadyBadge } from '@/features/outlet/components/order-status-badge';
import { OrderTimeline } from '@/features/outlet/components/order-timeline';
import { PackingSlip } from '@/features/outlet/components/packing-slip';
import { LineBatches } from '@/features/outlet/components/line-batches';
import { PackingStep } from '@/features/outlet/components/packing-step';
import { formatGrams } from '@meatshop/shared/weighing-rules';
import { ReceiptLink } from '@/features/orders/components/receipt-link';
import { OrderTrackingCard } from '@/features/tracking/components/order-tracking-card';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime, formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';
import { LineDetail } from '@/features/catalog/components/line-detail';
import { PAYMENT_METHOD_TEXT, PAYMENT_STATUS_TEXT } from '@/features/orders/status-texts';
import { ShortLinePanel } from '@/features/outlet/components/short-line-panel';
import { LineSubstitution } from '@/features/substitutions/components/line-substitution';

function BackLink() {
  return (
    <Link
      to={paths.outlet.orders}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline print:hidden"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      <Trans>All orders</Trans>
    </Link>
  );
}

export function OutletOrderScreen() {
  const { t, i18n } = useLingui();
  const { id = '' } = useParams();
  const { data: order, isPending, isError, error, refetch, isRefetching } = useOutletOrder(id);
  const ready = useMarkOrderReady();
  const goodsBack = useConfirmOrderReturn();
  const [shortLine, setShortLine] = useState<string | null>(null);

  if (isPending) {
    return (
      <div className="space-y-4">
        <Skeleton className="h-8 w-48" />
        <div className="grid gap-4 lg:grid-cols-3">
          <Skeleton className="h-72 lg:col-span-2" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );
  }
  if (isError) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <div className="space-y-4">
        <BackLink />
        <Card>
          {missing ? (
            <EmptyState
              icon={SearchX}
              title={t`Order not found`}
              description={t`This order does not exist or belongs to another outlet.`}
            />
          ) : (
            <ErrorState
              title={t`Failed to load order details`}
              message={errorMessage(error)}
              onRetry={() => void refetch()}
              retrying={isRefetching}
            />
          )}
        </Card>
      </div>
    );
  }

  const markReady = () =>
    ready.mutate(order.id, {
      onSuccess: () => toast.success(t`Order marked ready for pickup`),
      onError: (err) => toast.error(errorMessage(err, t`Failed to update order status`)),
    });

  const confirmReturn = () =>
    goodsBack.mutate(order.id, {
      onSuccess: () => toast.success(t`Goods returned: they are back in stock`),
      onError: (err) => toast.error(errorMessage(err, t`Could not confirm the return`)),
    });

  const a = order.address;
  return (
    <>
      <div className="space-y-5 print:hidden">
        <BackLink />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="font-mono text-2xl font-semibold text-ink">
              <Trans>Order #{shortOrderId(order.id)}</Trans>
            </h2>
            <p className="text-sm text-muted">
              <Trans>Placed {formatDateTime(order.createdAt)}</Trans>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.status} />
            {order.readyAt && (order.status === 'pending' || order.status === 'assigned') ? <ReadyBadge /> : null}
          </div>
        </div>

        {order.canConfirmReturn ? (
          <div
            className="flex flex-col gap-3 rounded-2xl border border-warning/40 bg-warning-soft p-4 sm:flex-row sm:items-center"
            role="status"
          >
            <p className="flex-1 text-sm text-ink">
              {order.cancelReason
                ? t`Cancelled after pickup (${order.cancelReason}): the rider still has the goods. Confirm when they are back at the counter, and they go back in stock.`
                : t`Cancelled after pickup: the rider still has the goods. Confirm when they are back at the counter, and they go back in stock.`}
            </p>
            <Button onClick={confirmReturn} pending={goodsBack.isPending} pendingText={t`Confirming…`} className="shrink-0">
              <PackageOpen className="size-4" aria-hidden="true" />
              <Trans>Confirm goods returned</Trans>
            </Button>
          </div>
        ) : null}

        {order.unresolvedShortLines > 0 ? (
          <p role="status" className="rounded-2xl border border-warning/40 bg-warning-soft p-4 text-sm text-ink">
            <Trans>A line is marked short: choose its substitute or refund before marking the order ready.</Trans>
          </p>
        ) : null}

        <div className="flex flex-wrap gap-2">
          {order.canMarkReady ? (
            <Button
              onClick={markReady}
              pending={ready.isPending}
              pendingText={t`Marking ready…`}
              disabled={order.unweighedLines > 0}
              title={order.unweighedLines > 0 ? t`Weigh every weighed line first` : undefined}
            >
              <PackageCheck className="size-4" aria-hidden="true" />
              <Trans>Mark Ready for Pickup</Trans>
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden="true" />
            <Trans>Print Packing Slip</Trans>
          </Button>
          <ReceiptLink order={order} mode="print" />
        </div>

        <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
          <div className="space-y-5 lg:col-span-2">
            <PackingStep order={order} />
            <div className="print:hidden">
              <OrderTrackingCard orderId={order.id} active={order.status === 'picked_up'} staff />
            </div>
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Items</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="divide-y divide-line">
                  {order.items.map((i) => (
                    <li key={i.id} className="py-3" data-testid="outlet-line">
                      <div className="flex items-center justify-between gap-4">
                        <div className="min-w-0">
                          <p className="font-medium text-ink">{i.productName}</p>
                          <LineDetail options={i.options} note={i.note} markdown={i.markdown} />
                          <LineSubstitution substitution={i.substitution} productName={i.productName} />
                          <LineBatches order={order} line={i} />
                          <p className="text-sm text-muted">
                            {i.quantity} × {formatUGX(i.price)}
                            {i.weight ? (
                              <span className="block">
                                {t`About ${formatGrams(i.weight.estimatedGrams)}`}
                                {i.weight.weighedGrams != null ? `, ${t`weighed ${formatGrams(i.weight.weighedGrams)}`}` : ''}
                              </span>
                            ) : null}
                          </p>
                        </div>
                        <div className="flex flex-col items-end gap-2">
                          <p className="font-semibold whitespace-nowrap text-ink tabular-nums">
                            {formatUGX(i.substitution.finalPrice ?? i.price * i.quantity)}
                          </p>
                          {order.canMarkReady && !i.substitution.outcome && i.weight?.weighedGrams == null && shortLine !== i.id ? (
                            <Button variant="outline" size="sm" onClick={() => setShortLine(i.id)}>
                              <PackageX className="size-4" aria-hidden="true" />
                              <Trans>Mark short</Trans>
                            </Button>
                          ) : null}
                        </div>
                      </div>
                      {shortLine === i.id && order.canMarkReady ? (
                        <ShortLinePanel orderId={order.id} line={i} onClose={() => setShortLine(null)} />
                      ) : null}
                    </li>
                  ))}
                </ul>
                <dl className="mt-3 space-y-1.5 border-t border-line pt-3 text-sm">
                  <div className="flex justify-between">
                    <dt className="text-muted">
                      <Trans>Subtotal</Trans>
                    </dt>
                    <dd className="tabular-nums">{formatUGX(order.subtotalAmount)}</dd>
                  </div>
                  {order.discountAmount ? (
                    <div className="flex justify-between text-success">
                      <dt>{order.couponCode ? t`Discount (${order.couponCode})` : t`Discount`}</dt>
                      <dd className="tabular-nums">−{formatUGX(order.discountAmount)}</dd>
                    </div>
                  ) : null}
                  <div className="flex justify-between">
                    <dt className="text-muted">
                      <Trans>Delivery</Trans>
                    </dt>
                    <dd className="tabular-nums">{formatUGX(order.deliveryFee)}</dd>
                  </div>
                  <div className="flex justify-between pt-1 text-base font-semibold text-ink">
                    <dt>
                      <Trans>Total</Trans>
                    </dt>
                    <dd className="tabular-nums">{formatUGX(order.totalAmount)}</dd>
                  </div>
                </dl>
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Customer &amp; delivery</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-5 sm:grid-cols-2">
                <div className="space-y-1 text-sm">
                  <p className="font-semibold text-ink">{order.customer.fullName}</p>
                  <p className="text-ink-soft">{order.customer.email}</p>
                  {order.customer.phone ? (
                    <a
                      href={`tel:${order.customer.phone}`}
                      className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
                    >
                      <Phone className="size-3.5" aria-hidden="true" />
                      {formatPhone(order.customer.phone)}
                    </a>
                  ) : null}
                </div>
                <div className="space-y-1 text-sm text-ink-soft">
                  <p className="flex items-start gap-1.5 text-ink">
                    <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                    <span>
                      {a.street}
                      <br />
                      {[a.city, a.state, a.postalCode].filter(Boolean).join(', ')}
                      <br />
                      {a.country}
                    </span>
                  </p>
                  {order.deliverySlot ? (
                    <p className="flex items-center gap-1.5 font-semibold text-ink" data-testid="delivery-slot">
                      <Clock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                      <Trans>Delivery: {order.deliverySlot.label}</Trans>
                    </p>
                  ) : null}
                  {a.instructions ? <p className="rounded-lg bg-cream px-3 py-2 text-ink-soft">“{a.instructions}”</p> : null}
                </div>
              </CardContent>
            </Card>
          </div>

          <div className="space-y-5">
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Payment</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent className="space-y-2 text-sm">
                <div className="flex items-center justify-between">
                  <span className="text-muted">
                    <Trans>Method</Trans>
                  </span>
                  <span className="font-medium text-ink">{i18n._(PAYMENT_METHOD_TEXT[order.paymentMethod])}</span>
                </div>
                <div className="flex items-center justify-between">
                  <span className="text-muted">
                    <Trans>Status</Trans>
                  </span>
                  <Badge tone={PAYMENT_STATUS_TONE[order.paymentStatus]}>{i18n._(PAYMENT_STATUS_TEXT[order.paymentStatus])}</Badge>
                </div>
                <div className="flex items-center justify-between">
                  <span className="text-muted">
                    <Trans>Amount</Trans>
                  </span>
                  <span className="font-semibold text-ink tabular-nums">{formatUGX(order.totalAmount)}</span>
                </div>
                {order.rider ? (
                  <div className="mt-3 border-t border-line pt-3">
                    <p className="text-muted">
                      <Trans>Rider</Trans>
                    </p>
                    <p className="font-medium text-ink">{order.rider.fullName}</p>
                    <a href={`tel:${order.rider.phone}`} className="text-brand-700 hover:underline">
                      {formatPhone(order.rider.phone)}
                    </a>
                  </div>
                ) : null}
              </CardContent>
            </Card>
            {order.status === 'delivered' ? (
              <Card data-testid="proof-of-delivery">
                <CardHeader>
                  <CardTitle>
                    <Trans>Proof of delivery</Trans>
                  </CardTitle>
                </CardHeader>
                <CardContent className="space-y-3 text-sm">
                  {order.deliveryPhotoUrl ? (
                    <img
                      src={order.deliveryPhotoUrl}
                      alt={t`Doorstep at delivery of order #${shortOrderId(order.id)}`}
                      className="h-48 w-full rounded-xl bg-cream-deep object-cover"
                    />
                  ) : (
                    <p className="text-muted">
                      <Trans>No photo was stored for this delivery.</Trans>
                    </p>
                  )}
                  <p className="text-ink-soft">
                    {order.rider
                      ? t`Delivered ${order.deliveredAt ? formatDateTime(order.deliveredAt) : ''} by ${order.rider.fullName}`
                      : t`Delivered ${order.deliveredAt ? formatDateTime(order.deliveredAt) : ''}`}
                  </p>
                  {order.deliveryPhotoUrl ? (
                    <a
                      href={`${order.deliveryPhotoUrl}?download=1`}
                      download
                      className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full border border-line bg-surface px-4 font-semibold text-ink hover:bg-cream print:hidden"
                    >
                      <Download className="size-4" aria-hidden="true" />
                      <Trans>Download photo</Trans>
                    </a>
                  ) : null}
                </CardContent>
              </Card>
            ) : null}
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Timeline</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <OrderTimeline order={order} />
              </CardContent>
            </Card>
          </div>
        </div>
      </div>
      <PackingSlip order={order} />
    </>
  );
}
