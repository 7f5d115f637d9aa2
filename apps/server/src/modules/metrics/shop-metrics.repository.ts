/** What the metrics read from the database when scraped: payments by state and the message queue. */
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerMessages } from '../../db/schema/delivery-ops.ts';
import { payments } from '../../db/schema/orders.ts';

/** Payment attempts per state (pending, completed, failed, …), from the status index. */
export function paymentsByState(db: Db) {
  return db.select({ state: payments.status, n: count() }).from(payments).groupBy(payments.status);
}

/**
 * Messages waiting to be sent, and how long the oldest of them has waited (0 when none), measured on
 * the database's clock so instances with drifting clocks agree.
 */
export async function messageQueue(db: Db) {
  const [row] = await db
    .select({
      depth: count(),
      oldestAgeSeconds: sql<string>`coalesce(extract(epoch from now() - min(${customerMessages.createdAt})), 0)`,
    })
    .from(customerMessages)
    .where(eq(customerMessages.status, 'pending'));
  return { depth: row?.depth ?? 0, oldestAgeSeconds: Number(row?.oldestAgeSeconds ?? 0) };
}
