/** The admin bell: unread count and the latest unread (spec 7: "unread newest first limit 5"). */
import { NOTIFICATION_LIST_LIMIT } from '@meatshop/shared/constants';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import {
  countUnreadNotifications,
  listUnreadNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './admin-notifications.repository.ts';

export async function unreadNotifications(db: Tx) {
  const unreadCount = await countUnreadNotifications(db);
  const rows = await listUnreadNotifications(db, NOTIFICATION_LIST_LIMIT);
  return {
    unreadCount,
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
    if (!(await markNotificationRead(tx, id))) throw notFound('Notification not found');
  });
}

export async function markAllRead(db: Db) {
  await db.transaction(async (tx) => {
    await markAllNotificationsRead(tx);
  });
}
