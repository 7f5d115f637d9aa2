/** Status badges from the one shared status map (packages/shared/src/status.ts). */
import {
  ORDER_STATUS_LABEL,
  ORDER_STATUS_TONE,
  type OrderStatus,
  PAYMENT_STATUS_LABEL,
  PAYMENT_STATUS_TONE,
  type PaymentStatus,
} from '@meatshop/shared/status';
import { Badge } from '@/components/ui/badge';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_STATUS_TONE[status]}>{ORDER_STATUS_LABEL[status]}</Badge>;
}

/** "Payment paid" reads oddly for money given back: a refund says so in its own words. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const label = PAYMENT_STATUS_LABEL[status];
  const refunded = status === 'refunded' || status === 'partially_refunded';
  return (
    <Badge tone={PAYMENT_STATUS_TONE[status]} data-testid="payment-status">
      {refunded ? `${label[0]}${label.slice(1).toLowerCase()}` : `Payment ${label.toLowerCase()}`}
    </Badge>
  );
}
