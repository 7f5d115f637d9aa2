/** Status badges from the one shared status map (packages/shared/src/status.ts). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ORDER_STATUS_TEXT } from '../status-texts';
import { ORDER_STATUS_TONE, type OrderStatus, PAYMENT_STATUS_TONE, type PaymentStatus } from '@meatshop/shared/status';
import { Badge } from '@/components/ui/badge';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  return <Badge tone={ORDER_STATUS_TONE[status]}>{i18n._(ORDER_STATUS_TEXT[status])}</Badge>;
}

const PAYMENT_BADGE_TEXT: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg`Payment pending`,
  paid: msg`Payment paid`,
  failed: msg`Payment failed`,
  partially_refunded: msg`Partially refunded`,
  refunded: msg`Refunded`,
  on_account: msg`Payment on account`,
};

/** "Payment paid" reads oddly for money given back: a refund says so in its own words. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge tone={PAYMENT_STATUS_TONE[status]} data-testid="payment-status">
      {i18n._(PAYMENT_BADGE_TEXT[status])}
    </Badge>
  );
}
