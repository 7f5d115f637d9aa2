/** The SQL of an order's balances (a paid order made dearer): the rows and the order's `balance_due`. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { orderBalances, orders } from '../../../db/schema/orders.ts';

export type BalanceRow = typeof orderBalances.$inferSelect;

export async function insertBalance(tx: Tx, orderId: string, amount: number) {
  const [row] = await tx.insert(orderBalances).values({ orderId, amount }).returning();
  return row!;
}

/** Moves the order's current `balance_due` by `delta`; conditional, so it never goes below zero. */
export async function moveBalanceDue(tx: Tx, orderId: string, delta: number) {
  const [row] = await tx
    .update(orders)
    .set({ balanceDue: sql`${orders.balanceDue} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), sql`${orders.balanceDue} + ${delta} >= 0`))
    .returning();
  return row;
}

/** Balances still due, newest first (a later edit cancels the newest first). */
export function findDueBalances(tx: Tx, orderId: string) {
  return tx
    .select()
    .from(orderBalances)
    .where(and(eq(orderBalances.orderId, orderId), eq(orderBalances.state, 'due')))
    .orderBy(desc(orderBalances.createdAt));
}

export async function findBalance(tx: Tx, id: string) {
  const [row] = await tx.select().from(orderBalances).where(eq(orderBalances.id, id)).limit(1);
  return row;
}

export function findOrderBalances(tx: Tx, orderId: string) {
  return tx.select().from(orderBalances).where(eq(orderBalances.orderId, orderId)).orderBy(orderBalances.createdAt);
}

/** Cancels `amount` more of a due balance; the whole of it turns the row `cancelled`. Conditional on it still being due. */
export async function cancelBalancePart(tx: Tx, b: BalanceRow, amount: number, at: Date) {
  const whole = b.cancelledAmount + amount >= b.amount;
  const [row] = await tx
    .update(orderBalances)
    .set({ cancelledAmount: b.cancelledAmount + amount, ...(whole ? { state: 'cancelled', settledAt: at } : {}) })
    .where(and(eq(orderBalances.id, b.id), eq(orderBalances.state, 'due'), eq(orderBalances.cancelledAmount, b.cancelledAmount)))
    .returning();
  return row;
}

/** Due → paid (by that attempt) or collected (by the rider); undefined when it was no longer due. */
export async function settleBalanceRow(tx: Tx, id: string, state: 'paid' | 'collected' | 'cancelled', at: Date, paymentId?: string) {
  const [row] = await tx
    .update(orderBalances)
    .set({ state, settledAt: at, paymentId: paymentId ?? null })
    .where(and(eq(orderBalances.id, id), eq(orderBalances.state, 'due')))
    .returning();
  return row;
}
