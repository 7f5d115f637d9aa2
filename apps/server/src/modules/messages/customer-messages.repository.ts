/** Customer messages (SMS, email): queuing them for an order or refund, the admin's list and the send queue the message worker works off. */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { writeAtCommit } from '../../db/commit-with.ts';
import { deliveryRiders, users } from '../../db/schema/accounts.ts';
import { customerMessages } from '../../db/schema/delivery-ops.ts';
import { orders } from '../../db/schema/orders.ts';

export type CustomerMessageInsert = typeof customerMessages.$inferInsert;

export interface ClaimedMessage {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
}

/** Newest first (then by channel), at most `limit`, optionally of one channel and/or one order. */
export function listCustomerMessages(db: Db, q: { channel?: 'sms' | 'email'; orderId?: string }, limit: number) {
  const where: SQL[] = [];
  if (q.channel) where.push(eq(customerMessages.channel, q.channel));
  if (q.orderId) where.push(eq(customerMessages.orderId, q.orderId));
  return db
    .select()
    .from(customerMessages)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(customerMessages.createdAt), customerMessages.channel)
    .limit(limit);
}

/**
 * Claims up to `batch` due rows (pending and due, or `sending` with an expired lease) with
 * FOR UPDATE SKIP LOCKED, marks them `sending` with a lease of `leaseSeconds` and counts the attempt.
 */
export async function claimDueMessages(db: Db, batch: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
  const res = await db.execute(sql`
    UPDATE customer_messages
       SET status = 'sending', attempts = attempts + 1,
           locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
     WHERE id IN (
       SELECT id FROM customer_messages
        WHERE (status = 'pending' AND next_attempt_at <= now())
           OR (status = 'sending' AND locked_until < now())
        ORDER BY next_attempt_at
        LIMIT ${batch}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, channel, recipient, subject, body, attempts`);
  return (res as unknown as { rows: ClaimedMessage[] }).rows;
}

/** Records sends: `sent` through `provider` now, lease and last error cleared (one statement for all). */
export async function markMessagesSent(db: Db, ids: string[], provider: string) {
  if (ids.length === 0) return;
  await db
    .update(customerMessages)
    .set({ status: 'sent', provider, sentAt: new Date(), lockedUntil: null, lastError: null })
    .where(inArray(customerMessages.id, ids));
}

/** Records a failed send: back to `pending` at `nextAttemptAt`, or `failed` for good; lease cleared. */
export async function markMessageAttemptFailed(
  db: Db,
  id: string,
  v: { status: 'pending' | 'failed'; provider: string; lastError: string; nextAttemptAt: Date },
) {
  await db
    .update(customerMessages)
    .set({ status: v.status, provider: v.provider, lockedUntil: null, lastError: v.lastError, nextAttemptAt: v.nextAttemptAt })
    .where(eq(customerMessages.id, id));
}

/** An order with what its messages say and where they go: the customer's SMS opt-out and the rider, if any. */
export async function findOrderMessageFacts(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ order: orders, smsOptOut: users.smsOptOut, riderName: deliveryRiders.fullName, riderPhone: deliveryRiders.phone })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(deliveryRiders, eq(deliveryRiders.id, orders.riderId))
    .where(eq(orders.id, orderId));
  return row;
}

/** Where a refund message about this order goes: its delivery address and the customer's SMS opt-out. */
export async function findRefundRecipient(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ address: orders.shippingAddress, smsOptOut: users.smsOptOut })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

/** Queues messages; one already queued under the same (order or refund, event, channel) key is left as it is. */
export async function insertCustomerMessages(tx: Tx, values: CustomerMessageInsert[]) {
  await writeAtCommit(tx, tx.insert(customerMessages).values(values).onConflictDoNothing());
}
