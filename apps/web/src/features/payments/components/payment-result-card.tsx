/** The payment result card: Verifying Payment, Payment Successful or Payment Failed. */
import { Trans, useLingui } from '@lingui/react/macro';
import { shopText } from '@/features/orders/shop-texts';
import { formatUGX } from '@meatshop/shared/money';
import type { VerifyPaymentResponse } from '@meatshop/shared/payments';
import { customerOrderNumber } from '@meatshop/shared/status';
import { CheckCircle2, Phone, RefreshCw, ShoppingCart, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useShopInfo } from '@/features/catalog/api/get-shop-info';

function Shell({
  tone,
  icon,
  title,
  children,
}: {
  tone: 'brand' | 'success' | 'danger';
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const band = {
    brand: 'from-brand-800 via-brand-600 to-gold',
    success: 'from-success via-success to-gold',
    danger: 'from-danger via-brand-600 to-brand-800',
  }[tone];
  const ring = { brand: 'bg-brand-50 text-brand-700', success: 'bg-success-soft text-success', danger: 'bg-danger-soft text-danger' }[tone];
  return (
    <Card className="mx-auto max-w-lg overflow-hidden">
      <div className={`h-1.5 bg-gradient-to-r ${band}`} aria-hidden="true" />
      <div className="flex flex-col items-center px-6 py-10 text-center sm:px-10 sm:py-12">
        <span className={`mb-5 inline-flex size-16 items-center justify-center rounded-full ${ring}`}>{icon}</span>
        <h1 className="font-display text-3xl font-semibold tracking-tight text-ink">{title}</h1>
        {children}
      </div>
    </Card>
  );
}

function Details({ payment }: { payment: VerifyPaymentResponse }) {
  const { t } = useLingui();
  return (
    <dl className="mt-7 w-full divide-y divide-line rounded-2xl border border-line text-left text-sm">
      <Row label={t({ message: 'Order', context: "the order's number" })} value={`#${customerOrderNumber(payment.orderId)}`} />
      <Row label={t`Amount`} value={payment.currency === 'UGX' ? formatUGX(payment.amount) : `${payment.currency} ${payment.amount}`} />
      {payment.payment_method ? <Row label={t`Payment method`} value={payment.payment_method} /> : null}
    </dl>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold text-ink">{value}</dd>
    </div>
  );
}

export function VerifyingPayment() {
  const { t } = useLingui();
  return (
    <Shell tone="brand" icon={<Spinner className="text-3xl" />} title={t`Verifying Payment`}>
      <p className="mt-3 max-w-sm text-muted" role="status">
        <Trans>Please wait while we confirm your payment. If you paid by mobile money, approve the prompt on your phone.</Trans>
      </p>
    </Shell>
  );
}

export function PaymentSuccessful({ payment }: { payment: VerifyPaymentResponse }) {
  const { t } = useLingui();
  return (
    <Shell tone="success" icon={<CheckCircle2 className="size-8" aria-hidden="true" />} title={t`Payment Successful`}>
      <p className="mt-3 max-w-sm text-muted">
        <Trans>Thank you! Your payment was received and your order is being prepared for delivery.</Trans>
      </p>
      <Details payment={payment} />
      <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to={paths.order(payment.orderId)}>
            <Trans>View Order Details</Trans>
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.products}>
            <Trans>Continue Shopping</Trans>
          </Link>
        </Button>
      </div>
    </Shell>
  );
}

interface FailedProps {
  message: string;
  payment?: VerifyPaymentResponse;
  /** Ask the server again (the answer could not be had, or the payer has not finished). */
  onRetry?: () => void;
  isRetrying?: boolean;
  /** Start a new payment for the same order (the cart was emptied when the customer left to pay). */
  onPayAgain?: () => void;
  isPayingAgain?: boolean;
}

export function PaymentFailed({ message, payment, onRetry, isRetrying, onPayAgain, isPayingAgain }: FailedProps) {
  const { t, i18n } = useLingui();
  const shop = useShopInfo();
  return (
    <Shell tone="danger" icon={<XCircle className="size-8" aria-hidden="true" />} title={t`Payment Failed`}>
      <p className="mt-3 max-w-sm text-ink-soft" role="alert">
        {shopText(i18n, message)}
      </p>
      {payment ? <Details payment={payment} /> : null}
      <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to={paths.cart}>
            <ShoppingCart className="size-4" aria-hidden="true" />
            <Trans>Return to Cart</Trans>
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={`tel:${shop.supportPhone}`} aria-label={t`Contact Support: call ${formatPhone(shop.supportPhone)}`}>
            <Phone className="size-4" aria-hidden="true" />
            <Trans>Contact Support</Trans>
          </a>
        </Button>
      </div>
      {onPayAgain ? (
        <Button variant="link" className="mt-5" onClick={onPayAgain} pending={isPayingAgain} pendingText={t`Opening payment...`}>
          <RefreshCw className="size-4" aria-hidden="true" />
          <Trans>Try Payment Again</Trans>
        </Button>
      ) : null}
      {onRetry ? (
        <Button variant="link" className="mt-5" onClick={onRetry} pending={isRetrying} pendingText={t`Checking...`}>
          <RefreshCw className="size-4" aria-hidden="true" />
          <Trans>Check again</Trans>
        </Button>
      ) : null}
      <p className="mt-5 text-xs text-muted">
        <Trans>Support: {formatPhone(shop.supportPhone)}</Trans>
      </p>
    </Shell>
  );
}
