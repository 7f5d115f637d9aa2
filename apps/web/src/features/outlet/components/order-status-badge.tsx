/** An order's status as a coloured pill, from the one shared tone map and the outlet's words. */
import { Trans, useLingui } from '@lingui/react/macro';
import { ORDER_STATUS_TONE, type OrderStatus } from '@meatshop/shared/status';
import { Badge } from '@/components/ui/badge';
import { ORDER_STATUS_TEXT } from '@/features/orders/status-texts';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  return <Badge tone={ORDER_STATUS_TONE[status]}>{i18n._(ORDER_STATUS_TEXT[status])}</Badge>;
}

/** "Ready for pickup" once the outlet has packed a waiting order. */
export function ReadyBadge() {
  return (
    <Badge tone="success">
      <Trans>Ready for pickup</Trans>
    </Badge>
  );
}
