/** Queries behind the per-customer order limits: the customer's lock and their open and recent orders. */
import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { orders } from '../../db/schema/orders.ts';

/** Statuses after which an order no longer holds stock or a delivery place. */
const CLOSED = ['delivered', 'cancelled'];

/**
 * Locks the customer's users row until COMMIT, so one customer's placements run one at a time and each
 * counts the orders the previous one wrote. NO KEY UPDATE, not UPDATE: rows that merely reference the
 * customer (their new order, a saved address) take KEY SHARE on it and must not wait for this lock.
 */
export async function lockCustomerForOrder(tx: Tx, userId: string) {
  const [row] = await tx.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId)).for('no key update');
  return { blocked: !!row?.blockedAt };
}

/**
 * The customer's orders not yet delivered or cancelled, those placed in the last `windowSeconds`, and
 * whether one already carries `idempotencyKey` (a double submit whose first copy just committed is
 * recent, so it is always among the rows read).
 */
export async function countOpenAndRecentOrders(tx: Tx, userId: string, windowSeconds: number, idempotencyKey?: string) {
  const recent = sql`${orders.createdAt} > now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await tx
    .select({
      open: sql<number>`(count(*) filter (where ${notInArray(orders.status, CLOSED)}))::int`,
      recent: sql<number>`(count(*) filter (where ${recent}))::int`,
      sameKey: idempotencyKey ? sql<number>`(count(*) filter (where ${eq(orders.idempotencyKey, idempotencyKey)}))::int` : sql<number>`0`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), or(notInArray(orders.status, CLOSED), recent)));
  return { open: Number(row?.open ?? 0), recent: Number(row?.recent ?? 0), sameKey: Number(row?.sameKey ?? 0) > 0 };
}
