/** Queries behind the per-customer order limits: the customer's lock and their open and recent orders. */
import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sendTogether } from '../../db/commit-with.ts';
import { users } from '../../db/schema/accounts.ts';
import { orders } from '../../db/schema/orders.ts';

/** Statuses after which an order no longer holds stock or a delivery place. */
const CLOSED = ['delivered', 'cancelled'];

/**
 * Locks the customer's users row until COMMIT, so one customer's placements run one at a time and each
 * counts the orders the previous one wrote. NO KEY UPDATE, not UPDATE: rows that merely reference the
 * customer (their new order, a saved address) take KEY SHARE on it and must not wait for this lock.
 * Then, in the same message but a statement of its own (a count in the locking statement would read
 * from before the wait and miss the order the previous placement just committed): the customer's
 * orders not yet delivered or cancelled, those placed in the last `windowSeconds`, and whether one
 * already carries `idempotencyKey` (a double submit whose first copy just committed is recent, so it
 * is always among the rows read). Also whether the customer opted out of SMS, for the order's first
 * messages.
 */
export async function lockCustomerAndCountOrders(tx: Tx, userId: string, windowSeconds: number, idempotencyKey?: string) {
  const recent = sql`${orders.createdAt} > now() - make_interval(secs => ${windowSeconds})`;
  const sameKey = idempotencyKey ? sql`(count(*) filter (where ${eq(orders.idempotencyKey, idempotencyKey)}))::int` : sql`0`;
  const [customer, counts] = await sendTogether(tx, [
    sql`select ${users.blockedAt} as blocked_at, ${users.smsOptOut} as sms_opt_out from ${users} where ${users.id} = ${userId} for no key update`,
    sql`select (count(*) filter (where ${notInArray(orders.status, CLOSED)}))::int as open, (count(*) filter (where ${recent}))::int as recent, ${sameKey} as same_key
        from ${orders} where ${and(eq(orders.userId, userId), or(notInArray(orders.status, CLOSED), recent))}`,
  ]);
  const who = customer?.[0];
  const row = counts?.[0];
  return {
    blocked: who?.blocked_at != null,
    smsOptOut: who?.sms_opt_out === true,
    open: Number(row?.open ?? 0),
    recent: Number(row?.recent ?? 0),
    sameKey: Number(row?.same_key ?? 0) > 0,
  };
}
