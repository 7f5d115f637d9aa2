/** What a receipt reads: the order, its lines, the money received for it and (later) what went back. */
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderItems, orders, payments } from '../../db/schema/orders.ts';
import type { ReceiptRefund } from './receipt-data.ts';

export async function findReceiptOrder(tx: Tx, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

export type ReceiptOrderRow = NonNullable<Awaited<ReturnType<typeof findReceiptOrder>>>;

export async function findReceiptLines(tx: Tx, orderId: string) {
  return tx
    .select({ name: orderItems.productName, quantity: orderItems.quantity, unitPrice: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));
}

/** Provider payments that completed (a failed or abandoned attempt took no money), oldest first. */
export async function findCompletedPayments(tx: Tx, orderId: string) {
  return tx
    .select({
      method: payments.method,
      amount: payments.amount,
      paidAt: payments.updatedAt,
      merchantReference: payments.merchantReference,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'completed')))
    .orderBy(asc(payments.createdAt));
}

/**
 * Refunds of the order. None are recorded yet: once refunds are kept (a `refunds` table with
 * order_id, amount, reason, state and created_at), select them here, oldest first, and every
 * receipt shows them with no other change.
 */
export async function findRefunds(_tx: Tx, _orderId: string): Promise<ReceiptRefund[]> {
  return [];
}
