/** Browsers' web-push subscriptions, one row per endpoint. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/notifications.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The same endpoint again replaces the old keys and owner (the browser was signed in as someone else). */
export async function upsertSubscription(db: Db, row: { userId: string; endpoint: string; p256dh: string; auth: string }) {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth } });
}

/** Removes the endpoint only when it is this user's. */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

export function findSubscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function deleteSubscriptionById(db: Db, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
