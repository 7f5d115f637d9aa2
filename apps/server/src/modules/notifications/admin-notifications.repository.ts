/** The admin bell's notifications: unread ones and marking them read. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { adminNotifications } from '../../db/schema/notifications.ts';

export async function countUnreadNotifications(db: Tx): Promise<number> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(adminNotifications).where(eq(adminNotifications.read, false));
  return Number(count?.n ?? 0);
}

/** The newest unread notifications, at most `limit`. */
export function listUnreadNotifications(db: Tx, limit: number) {
  return db
    .select()
    .from(adminNotifications)
    .where(eq(adminNotifications.read, false))
    .orderBy(desc(adminNotifications.createdAt))
    .limit(limit);
}

/** Marks one notification read; false when there is no such notification. */
export async function markNotificationRead(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx
    .update(adminNotifications)
    .set({ read: true })
    .where(eq(adminNotifications.id, id))
    .returning({ id: adminNotifications.id });
  return row !== undefined;
}

export async function markAllNotificationsRead(tx: Tx) {
  await tx.update(adminNotifications).set({ read: true }).where(eq(adminNotifications.read, false));
}
