/**
 * The only code that writes `orders.status` and `orders.payment_status`. Every write is
 * conditional on the status it was decided from, so two people acting on one order at once cannot
 * both win: the loser gets nothing back and is told the order changed.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { orderItems, orders } from '../../../db/schema/orders.ts';
import type { OrderRow } from '../orders.repository.ts';

/** The row locked until the transaction ends, so steps on one order run one after the other. */
export async function lockOrderRow(tx: Tx, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row;
}

/**
 * A new order: pending, or held for the business's approval (a trade buyer over their limit). Its
 * payment is pending, except on a trade account's terms: nothing is asked at checkout, so it starts
 * (and stays) `on_account` and is billed on an invoice instead.
 */
export async function insertOpenOrder(
  tx: Tx,
  values: Omit<typeof orders.$inferInsert, 'status' | 'paymentStatus'>,
  status: 'pending' | 'awaiting_approval' = 'pending',
) {
  const paymentStatus = values.paymentMethod === 'on_account' ? 'on_account' : 'pending';
  const [row] = await tx
    .insert(orders)
    .values({ ...values, status, paymentStatus })
    .returning();
  return row!;
}

type StatusChange = Partial<
  Pick<
    OrderRow,
    | 'riderId'
    | 'assignedAt'
    | 'pickedUpAt'
    | 'deliveredAt'
    | 'deliveryPhotoUrl'
    | 'cancelledAt'
    | 'cancelReason'
    | 'goodsReturnedAt'
    | 'approvalBy'
    | 'approvalByName'
    | 'approvalAt'
  >
> & { paymentStatus?: string };

/** Moves the order from `from` to `to`; undefined when it is no longer in `from`. */
export async function writeStatus(tx: Tx, orderId: string, from: string, to: string, change: StatusChange = {}) {
  const [row] = await tx
    .update(orders)
    .set({ ...change, status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning();
  return row;
}

export async function writePaymentStatus(tx: Tx, orderId: string, from: string, to: string) {
  const [row] = await tx
    .update(orders)
    .set({ paymentStatus: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, from)))
    .returning();
  return row;
}

/** Records that a cancelled order's goods are back at the outlet; undefined when already recorded. */
export async function writeGoodsReturned(tx: Tx, orderId: string, at: Date) {
  const [row] = await tx
    .update(orders)
    .set({ goodsReturnedAt: at, updatedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'cancelled'), isNull(orders.goodsReturnedAt)))
    .returning();
  return row;
}

/** The units of an order, in product id order (the lock order of placing one). */
export function orderItemUnits(tx: Tx, orderId: string) {
  return tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.productId);
}
