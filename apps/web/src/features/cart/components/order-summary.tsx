/** Subtotal, delivery fee, discount and total, shared by the cart and checkout. */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUGX } from '@meatshop/shared/money';
import { WEIGHING_MESSAGES } from '@meatshop/shared/weighing-rules';
import type { ReactNode } from 'react';

interface SummaryProps {
  subtotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
  couponCode?: string | null;
  children?: ReactNode;
  /** Some lines are sold by weight: the total is an estimate the packing can only lower. */
  weighed?: boolean;
}

export function OrderSummary({ subtotal, deliveryFee, discount, total, couponCode, children, weighed }: SummaryProps) {
  const { t } = useLingui();
  return (
    <dl className="space-y-3 text-[0.9375rem]">
      <Row label={t`Subtotal`} value={formatUGX(subtotal)} />
      <Row label={t`Delivery fee`} value={formatUGX(deliveryFee)} />
      {discount > 0 ? (
        <Row label={couponCode ? t`Discount (${couponCode})` : t`Discount`} value={`- ${formatUGX(discount)}`} tone="text-success" />
      ) : null}
      <div className="flex items-baseline justify-between gap-4 border-t border-line pt-4">
        <dt className="font-semibold text-ink">{weighed ? <Trans>Estimated total</Trans> : <Trans>Total</Trans>}</dt>
        <dd className="font-display text-2xl font-semibold whitespace-nowrap text-ink tabular-nums" data-testid="order-total">
          {formatUGX(total)}
        </dd>
      </div>
      {weighed ? (
        <p className="rounded-2xl bg-cream-deep px-4 py-3 text-sm text-ink-soft" data-testid="weighed-note">
          {WEIGHING_MESSAGES.finalNote}
        </p>
      ) : null}
      {children}
    </dl>
  );
}

function Row({ label, value, tone = 'text-ink' }: { label: string; value: string; tone?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className={`font-medium whitespace-nowrap tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}
