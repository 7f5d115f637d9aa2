/** The admin bell: unread count and the latest unread (spec 7: "unread newest first limit 5"). */
import { NOTIFICATION_LIST_LIMIT } from '@meatshop/shared/constants';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { adminNotifications } from '../../db/schema/notifications.ts';
import { notFound } from '../../platform/errors.ts';

export async function unreadNotifications(db: Tx) {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(adminNotifications).where(eq(adminNotifications.read, false));
  const rows = await db
    .select()
    .from(adminNotifications)
    .where(eq(adminNotifications.read, false))
    .orderBy(desc(adminNotifications.createdAt))
    .limit(NOTIFICATION_LIST_LIMIT);
  return {
    unreadCount: Number(count?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      message: r.message,
      type: r.type,
      read: r.read,
      orderId: r.orderId,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function markRead(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(adminNotifications)
      .set({ read: true })
      .where(eq(adminNotifications.id, id))
      .returning({ id: adminNotifications.id });
    if (!row) throw notFound('Notification not found');
  });
}

export async function markAllRead(db: Db) {
  await db.transaction(async (tx) => {
    await tx
      .update(adminNotifications)
      .set({ read: true })
      .where(and(eq(adminNotifications.read, false)));
  });
}
