/** Admin notifications written by the server (new order, payment, low stock, cancellations). */
import type { NotificationType } from '@meatshop/shared/status';
import type { Tx } from '../../db/client.ts';
import { adminNotifications } from '../../db/schema/notifications.ts';
import { publish } from '../../platform/events.ts';

export async function notifyAdmins(tx: Tx, n: { message: string; type: NotificationType; orderId?: string | null }) {
  const [row] = await tx
    .insert(adminNotifications)
    .values({ message: n.message, type: n.type, orderId: n.orderId ?? null })
    .returning({ id: adminNotifications.id });
  await publish(tx, { type: 'notification', id: row!.id, message: n.message, notificationType: n.type });
  return row!.id;
}
