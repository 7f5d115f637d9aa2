/** Newsletter subscriptions as admins see them: all, newest first; delete one or many. */
import { desc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/notifications.ts';

export async function listSubscriptions(db: Tx) {
  const rows = await db.select().from(subscriptions).orderBy(desc(subscriptions.createdAt));
  return rows.map((r) => ({ id: r.id, email: r.email, type: r.type, createdAt: r.createdAt.toISOString() }));
}

export async function deleteSubscriptions(db: Db, ids: string[]) {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(subscriptions).where(inArray(subscriptions.id, ids)).returning({ id: subscriptions.id });
    return rows.length;
  });
}
