/** The SQL of the counter's settlement: the lines as packed, and what refunds already gave back. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { orderItems } from '../../../db/schema/orders.ts';
import { refunds } from '../../../db/schema/refunds.ts';

/** Σ coalesce(final_price, price × quantity) over the order's lines: its subtotal as packed. */
export async function packedSubtotal(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(coalesce(${orderItems.finalPrice}, ${orderItems.price} * ${orderItems.quantity})), 0)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return row?.n ?? 0;
}

/**
 * Refunds (not failed) other than the ones that lowered the total (`order_edited`): goodwill,
 * damaged items. The total may not go below them, or more would have gone back than was paid.
 */
export async function sumOtherLiveRefunds(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.state, 'failed'), ne(refunds.reason, 'order_edited')));
  return row?.n ?? 0;
}
