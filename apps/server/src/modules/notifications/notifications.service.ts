/** Admin notifications written by the server (new order, payment, low stock, cancellations). */
import { randomUUID } from 'node:crypto';
import type { NotificationType } from '@meatshop/shared/status';
import type { Tx } from '../../db/client.ts';
import { writeAtCommit } from '../../db/commit-with.ts';
import { adminNotifications } from '../../db/schema/notifications.ts';
import { publish } from '../../platform/events.ts';

export async function notifyAdmins(tx: Tx, n: { message: string; type: NotificationType; orderId?: string | null }) {
  // The id is made here, so the row needs no answer and may go out with the COMMIT.
  const id = randomUUID();
  await writeAtCommit(tx, tx.insert(adminNotifications).values({ id, message: n.message, type: n.type, orderId: n.orderId ?? null }));
  await publish(tx, { type: 'notification', id, message: n.message, notificationType: n.type });
  return id;
}
