/** Queries of refunds. No rules here: see refunds.service.ts. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { users } from '../../db/schema/accounts.ts';
import { orders, payments } from '../../db/schema/orders.ts';
import { refunds } from '../../db/schema/refunds.ts';

export type RefundRow = typeof refunds.$inferSelect;

export async function insertRefund(tx: Tx, row: typeof refunds.$inferInsert) {
  const [created] = await tx.insert(refunds).values(row).returning();
  return created!;
}

export async function findRefundById(tx: Tx, id: string) {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row;
}

export async function lockRefund(tx: Tx, id: string) {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update').limit(1);
  return row;
}

/** An order's refunds, oldest first, with the name of the admin who asked. */
export async function findRefundsByOrderId(tx: Tx, orderId: string) {
  return tx
    .select({ refund: refunds, requestedByName: users.fullName })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.requestedBy))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** Prepared once (see db/prepared.ts): read with every list of orders. */
export async function findRefundsForOrders(tx: Tx, orderIds: string[]) {
  if (!orderIds.length) return [];
  return runPrepared(
    tx,
    'refunds_for_orders',
    (q) =>
      q
        .select()
        .from(refunds)
        .where(sql`${refunds.orderId} = any(${sql.placeholder('orderIds')}::uuid[])`)
        .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    { orderIds },
  );
}

/**
 * The attempt that paid the order, the latest completed one: what a provider refund goes against.
 * A refunded payment reads `reversed` at the provider, so one already (partly) refunded counts too.
 */
export async function findPaidAttempt(tx: Tx, orderId: string) {
  const [row] = await tx
    .select()
    .from(payments)
    // The order's own payment: a balance's payment is smaller, so a refund goes back through the first.
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['completed', 'reversed']), isNull(payments.balanceId)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

export async function findPaymentById(tx: Tx, id: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

export interface RefundAnswer {
  at: string;
  /** request, status, cash: which of our steps got it. */
  source: string;
  body?: unknown;
  error?: { kind: string; code: string | null; message: string };
}

/**
 * Moves a refund from one state to the next only if it is still in `from` (two instances, or an IPN
 * and our own check, may race); appends the provider's answer to its log. Returns the row if moved.
 */
export async function moveRefund(
  tx: Tx,
  id: string,
  from: string,
  change: Partial<Pick<RefundRow, 'state' | 'providerMessage' | 'providerReference' | 'outletId' | 'completedAt'>>,
  answer?: RefundAnswer,
) {
  const [row] = await tx
    .update(refunds)
    .set({
      ...change,
      ...(answer ? { providerResponses: sql`${refunds.providerResponses} || ${JSON.stringify([answer])}::jsonb` } : {}),
    })
    .where(and(eq(refunds.id, id), eq(refunds.state, from)))
    .returning();
  return row;
}

/** Refunds of this payment the provider accepted and has not yet effected. */
export async function findSentRefundsOfPayment(tx: Tx, paymentId: string) {
  return tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.state, 'sent')))
    .for('update');
}

/** Refunds not failed: what is already promised back, whether or not it has gone yet. */
/** Every refund of the order, failed ones too (what an edit took off the total counts even then). */
export function findAllRefunds(tx: Tx, orderId: string) {
  return tx.select().from(refunds).where(eq(refunds.orderId, orderId));
}

/**
 * Cash a rider collects on a cash-on-delivery order: its total less the refunds taken off before
 * delivery. One SQL expression, so the rider's screen and the cash reconciliation add up alike.
 */
export const cashToCollectSql = sql<number>`(${orders.totalAmount} - coalesce((
  SELECT sum(r.amount) FROM refunds r
  WHERE r.order_id = ${orders.id} AND r.reduces_collection AND r.state <> 'failed'
), 0))`;

/**
 * What the rider takes in cash for an order: a cash order's amount to collect, or, for a paid order
 * made dearer, the balance still due (before delivery) or collected (after it). One expression for
 * the rider's screen and the cash reconciliation, so they add up alike.
 */
export const riderCashSql = sql<number>`(CASE WHEN ${orders.paymentMethod} = 'cash_on_delivery' THEN ${cashToCollectSql}
  ELSE ${orders.balanceDue} + coalesce((
    SELECT sum(b.amount - b.cancelled_amount) FROM order_balances b WHERE b.order_id = ${orders.id} AND b.state = 'collected'
  ), 0) END)`;

/** Orders a rider took cash for: cash on delivery, or a balance collected at the door. */
export const takesRiderCashSql = sql<boolean>`(${orders.paymentMethod} = 'cash_on_delivery' OR EXISTS (
  SELECT 1 FROM order_balances b WHERE b.order_id = ${orders.id} AND b.state = 'collected'
))`;
