/** An order's status as a coloured pill, from the one shared label and tone map. */
import { ORDER_STATUS_LABEL, ORDER_STATUS_TONE, type OrderStatus } from '@meatshop/shared/status';
import { Badge } from '@/components/ui/badge';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_STATUS_TONE[status]}>{ORDER_STATUS_LABEL[status]}</Badge>;
}

/** "Ready for pickup" once the outlet has packed a waiting order. */
export function ReadyBadge() {
  return <Badge tone="success">Ready for pickup</Badge>;
}
