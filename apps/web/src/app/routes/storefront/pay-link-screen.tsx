/**
 * /pay/:token: where the SMS of an order taken by phone leads. The customer sees their order and
 * pays it without signing in; the provider sends them back here, and the page shows the result. A
 * balance link (a paid order made dearer) asks only the balance: "Balance to pay" and its own Pay.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { shopText } from '@/features/orders/shop-texts';
import { PAYMENT_METHOD_TEXT } from '@/features/orders/status-texts';
import { formatUGX } from '@meatshop/shared/money';
import type { PaymentMethod } from '@meatshop/shared/status';
import { CheckCircle2, Clock, Lock, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { usePayLink, usePayThroughLink, useVerifyPayLink } from '@/features/payments/api/pay-link';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useParams, useSearchParams } from '@/lib/router';
import { toast } from '@/lib/toast';

export function PayLinkScreen() {
  const { t, i18n } = useLingui();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const trackingId = params.get('OrderTrackingId');
  const order = usePayLink(token);
  const verify = useVerifyPayLink(token, trackingId);
  const pay = usePayThroughLink(token);

  const isBalance = order.data?.balanceToPay != null;
  const balanceToPay = order.data?.balanceToPay ?? 0;

  const methodName = (m: string) => {
    const text = PAYMENT_METHOD_TEXT[m as PaymentMethod];
    return text ? i18n._(text) : m;
  };

  const startPaying = () =>
    pay.mutate(undefined, {
      onSuccess: ({ paymentUrl }) => window.location.assign(paymentUrl),
      onError: (err) => toast.error(shopText(i18n, errorMessage(err, t`Failed to start the payment. Please try again.`))),
    });

  return (
    <div className="bg-cream-deep/60">
      <div className="container-page py-10 sm:py-16">
        <Card className="mx-auto max-w-lg overflow-hidden">
          <div className="h-1.5 bg-gradient-to-r from-brand-800 via-brand-600 to-gold" aria-hidden="true" />
          <div className="px-6 py-8 sm:px-10 sm:py-10">
            {order.isPending || (verify.isFetching && !order.data) ? (
              <div className="space-y-4" aria-busy="true">
                <Skeleton className="h-8 w-2/3" />
                <Skeleton className="h-24 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : order.isError ? (
              <Notice icon={<XCircle className="size-8" aria-hidden="true" />} tone="danger" title={t`Payment link not found`}>
                {order.error instanceof ApiError && order.error.status === 404
                  ? shopText(i18n, errorMessage(order.error))
                  : shopText(i18n, errorMessage(order.error, t`We could not load this order. Please try again.`))}
                {!(order.error instanceof ApiError && order.error.status === 404) ? (
                  <Button variant="secondary" className="mt-5" onClick={() => void order.refetch()}>
                    <Trans>Try again</Trans>
                  </Button>
                ) : null}
              </Notice>
            ) : (
              <>
                <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
                  <Trans>Order #{order.data.orderNumber}</Trans>
                </p>
                <h1 className="mt-1 font-display text-3xl font-semibold tracking-tight text-ink">
                  {isBalance
                    ? order.data.balanceState === 'paid'
                      ? t`Balance paid, thank you`
                      : t`Hello ${order.data.customerFirstName}`
                    : order.data.paymentStatus === 'paid'
                      ? t`Paid, thank you`
                      : t`Hello ${order.data.customerFirstName}`}
                </h1>
                {isBalance && order.data.balanceState === 'due' ? (
                  <p className="mt-2 text-sm text-ink-soft">
                    <Trans>Your order was changed after you paid. Here is what it holds now, and what is left to pay.</Trans>
                  </p>
                ) : null}
                <ul className="mt-6 divide-y divide-line rounded-2xl border border-line text-sm">
                  {order.data.items.map((it) => (
                    <li key={it.productName} className="flex justify-between gap-4 px-4 py-3">
                      <span className="text-ink">
                        {it.productName} × {it.quantity}
                      </span>
                      <span className="font-medium tabular-nums text-ink">{formatUGX(it.price * it.quantity)}</span>
                    </li>
                  ))}
                </ul>
                <dl className="mt-4 space-y-1.5 text-sm">
                  <Row term={t`Delivery`}>{formatUGX(order.data.deliveryFee)}</Row>
                  {order.data.discountAmount ? <Row term={t`Discount`}>- {formatUGX(order.data.discountAmount)}</Row> : null}
                  <div className="flex justify-between border-t border-line pt-3 text-base font-semibold text-ink">
                    <dt>
                      <Trans>Total</Trans>
                    </dt>
                    <dd className="tabular-nums">{formatUGX(order.data.totalAmount)}</dd>
                  </div>
                  {isBalance && balanceToPay > 0 ? (
                    <div
                      className="mt-3 flex justify-between rounded-xl bg-gold-soft px-4 py-3 text-base font-semibold text-ink"
                      data-testid="balance-to-pay"
                    >
                      <dt>
                        <Trans>Balance to pay</Trans>
                      </dt>
                      <dd className="tabular-nums">{formatUGX(balanceToPay)}</dd>
                    </div>
                  ) : null}
                </dl>
                <div className="mt-7">
                  {verify.isFetching ? (
                    <p className="inline-flex items-center gap-2 text-sm text-muted" role="status">
                      <Spinner className="size-4" /> <Trans>Checking your payment…</Trans>
                    </p>
                  ) : order.data.payable ? (
                    <>
                      {verify.data && verify.data.payment_status !== 'COMPLETED' ? (
                        <p className="mb-4 rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger" role="alert">
                          <Trans>The payment did not go through. You can try again.</Trans>
                        </p>
                      ) : null}
                      <p className="mb-3 text-center text-sm text-ink-soft">
                        <Trans>
                          Paying with <span className="font-semibold text-ink">{methodName(order.data.paymentMethod)}</span>
                        </Trans>
                      </p>
                      <Button
                        className="w-full"
                        size="lg"
                        onClick={startPaying}
                        pending={pay.isPending}
                        pendingText={t`Opening payment...`}
                      >
                        <Lock className="size-4" aria-hidden="true" />
                        {isBalance ? t`Pay balance ${formatUGX(balanceToPay)}` : t`Pay ${formatUGX(order.data.totalAmount)}`}
                      </Button>
                      <p className="mt-3 text-center text-xs text-muted">
                        {isBalance
                          ? t`Secure payment. Not paid before your order goes out? Pay the rider in cash.`
                          : t`Secure payment. This link works for a short time only.`}
                      </p>
                    </>
                  ) : isBalance && order.data.balanceState === 'paid' ? (
                    <Notice icon={<CheckCircle2 className="size-8" aria-hidden="true" />} tone="success" title={t`Balance received`}>
                      <Trans>Thank you. We are preparing your order.</Trans>
                    </Notice>
                  ) : !isBalance && order.data.paymentStatus === 'paid' ? (
                    <Notice icon={<CheckCircle2 className="size-8" aria-hidden="true" />} tone="success" title={t`Payment received`}>
                      <Trans>We are preparing your order. You will get an SMS when a rider is on the way.</Trans>
                    </Notice>
                  ) : (
                    <Notice
                      icon={<Clock className="size-8" aria-hidden="true" />}
                      tone="muted"
                      title={isBalance ? t`Nothing to pay here` : t`This order cannot be paid here`}
                    >
                      {order.data.reason}
                    </Notice>
                  )}
                </div>
              </>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 text-ink-soft">
      <dt>{term}</dt>
      <dd className="tabular-nums text-ink">{children}</dd>
    </div>
  );
}

function Notice({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode;
  tone: 'success' | 'danger' | 'muted';
  title: string;
  children: ReactNode;
}) {
  const ring = { success: 'bg-success-soft text-success', danger: 'bg-danger-soft text-danger', muted: 'bg-cream-deep text-ink-soft' }[
    tone
  ];
  return (
    <div className="flex flex-col items-center text-center" role={tone === 'danger' ? 'alert' : 'status'}>
      <span className={`mb-4 inline-flex size-14 items-center justify-center rounded-full ${ring}`}>{icon}</span>
      <h2 className="font-display text-xl font-semibold text-ink">{title}</h2>
      <div className="mt-2 text-sm text-ink-soft">{children}</div>
    </div>
  );
}
