/**
 * Where a refund is opened when money was taken for an order that will not be delivered: a paid
 * order cancelled, or a payment that landed on an order already cancelled. The shop has no refunds
 * module yet, so for now a person is told; the refunds module replaces the body of
 * `openRefundFor` with opening a full refund (and moves the payment status through
 * `setPaymentStatus(..., 'refund_full' | 'refund_partial', ...)`).
 */
import { customerOrderNumber } from '@meatshop/shared/status';
import { formatUGX } from '@meatshop/shared/money';
import type { Tx } from '../../../db/client.ts';
import { notifyAdmins } from '../../notifications/notifications.service.ts';
import type { OrderRow } from '../orders.repository.ts';

export async function openRefundFor(tx: Tx, order: Pick<OrderRow, 'id' | 'totalAmount'>, why: string) {
  await notifyAdmins(tx, {
    type: 'error',
    orderId: order.id,
    message: `Cancelled paid order #${customerOrderNumber(order.id)} needs a refund of ${formatUGX(order.totalAmount)}: ${why}`,
  });
}
