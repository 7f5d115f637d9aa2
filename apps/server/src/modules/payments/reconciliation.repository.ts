/** Queries of the reconciliation job (payment_checks). No rules here: see reconciliation.ts. */
import { desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/orders.ts';
import { paymentChecks } from '../../db/schema/payment-checks.ts';

export type PaymentCheckRow = typeof paymentChecks.$inferSelect;

const LEASE_SECONDS = 300;

/**
 * Takes up to `limit` payments of `provider` created since `since` that still need asking: never
 * asked, not yet confirmed, or changed on our side (an answer, a refund) since the last check. Each
 * is leased for a few minutes with FOR UPDATE SKIP LOCKED, so a second instance takes others.
 */
export async function claimPaymentsToCheck(db: Db, provider: string, since: Date, limit: number): Promise<string[]> {
  return db.transaction(async (t) => {
    await t.execute(sql`
      INSERT INTO payment_checks (payment_id)
      SELECT p.id FROM payments p
      WHERE p.provider = ${provider} AND p.order_tracking_id IS NOT NULL AND p.created_at >= ${since.toISOString()}::timestamptz
      ON CONFLICT (payment_id) DO NOTHING`);
    const res = (await t.execute(sql`
      UPDATE payment_checks SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE payment_id IN (
        SELECT c.payment_id FROM payment_checks c JOIN payments p ON p.id = c.payment_id
        WHERE p.provider = ${provider} AND p.order_tracking_id IS NOT NULL AND p.created_at >= ${since.toISOString()}::timestamptz
          AND (c.locked_until IS NULL OR c.locked_until < now())
          AND (NOT c.confirmed OR c.checked_at IS NULL OR p.updated_at > c.checked_at
               OR EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.updated_at > c.checked_at))
        ORDER BY c.checked_at NULLS FIRST
        LIMIT ${limit}
        FOR UPDATE OF c SKIP LOCKED)
      RETURNING payment_id`)) as unknown as { rows: { payment_id: string }[] };
    return res.rows.map((r) => r.payment_id);
  });
}

/** The payment as the comparison needs it, with whether a refund of it is still on its way. */
export async function findPaymentToCompare(tx: Tx, paymentId: string) {
  const [row] = await tx
    .select({
      id: payments.id,
      orderId: payments.orderId,
      provider: payments.provider,
      orderTrackingId: payments.orderTrackingId,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      // Spelled out: inside a one-table select drizzle leaves column names unqualified.
      refundOpen: sql<boolean>`EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = "payments"."id" AND r.state IN ('requested', 'sent'))`,
      refundSent: sql<boolean>`EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = "payments"."id" AND r.state = 'sent')`,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row;
}

/** The check row, locked for this transaction: the one place a new difference is noticed. */
export async function lockPaymentCheck(tx: Tx, paymentId: string) {
  await tx.insert(paymentChecks).values({ paymentId }).onConflictDoNothing();
  const [row] = await tx.select().from(paymentChecks).where(eq(paymentChecks.paymentId, paymentId)).for('update').limit(1);
  return row!;
}

export async function saveCheck(
  tx: Tx,
  paymentId: string,
  change: Partial<Omit<PaymentCheckRow, 'paymentId' | 'createdAt' | 'checks'>>,
  counted: boolean,
) {
  await tx
    .update(paymentChecks)
    .set({ ...change, lockedUntil: null, ...(counted ? { checks: sql`${paymentChecks.checks} + 1` } : {}) })
    .where(eq(paymentChecks.paymentId, paymentId));
}

/** Open differences, newest first, with the order they belong to. */
export async function findDifferences(tx: Tx, limit = 200) {
  return tx
    .select({
      check: paymentChecks,
      orderId: payments.orderId,
      method: payments.method,
      amount: payments.amount,
      ourStatus: payments.status,
      orderPaymentStatus: orders.paymentStatus,
    })
    .from(paymentChecks)
    .innerJoin(payments, eq(payments.id, paymentChecks.paymentId))
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(isNotNull(paymentChecks.difference))
    .orderBy(desc(paymentChecks.differenceSince))
    .limit(limit);
}

/** When the job last asked about any payment, and how many of the window's payments it has asked about. */
export async function checkSummary(tx: Tx, since: Date) {
  const [row] = await tx
    .select({
      last: max(paymentChecks.checkedAt),
      checked: sql<number>`count(*) FILTER (WHERE ${paymentChecks.checkedAt} IS NOT NULL AND ${payments.createdAt} >= ${since.toISOString()}::timestamptz)::int`,
    })
    .from(paymentChecks)
    .innerJoin(payments, eq(payments.id, paymentChecks.paymentId));
  return { lastCheckedAt: row?.last ?? null, checked: Number(row?.checked ?? 0) };
}
