/** Newsletter subscriptions as the back office reads and removes them. */
import { desc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/notifications.ts';

/** Every subscription, newest first. */
export function listAllSubscriptions(db: Tx) {
  return db.select().from(subscriptions).orderBy(desc(subscriptions.createdAt));
}

/** Deletes the given ids; returns the ids that existed. */
export function deleteSubscriptionsByIds(tx: Tx, ids: string[]) {
  return tx
    .delete(subscriptions)
    .where(inArray(subscriptions.id, ids))
    .returning({ id: subscriptions.id, email: subscriptions.email, type: subscriptions.type });
}
