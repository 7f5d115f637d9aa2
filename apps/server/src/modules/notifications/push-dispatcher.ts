/**
 * Turns bus events into web pushes: a rider hears of an order assigned to them, a customer of each
 * change of their order's status. Every instance hears every event; the instance that claims the
 * event's id first sends, so each person gets one notification.
 */
import { customerOrderNumber, shortOrderId } from '@meatshop/shared/status';
import type { Db } from '../../db/client.ts';
import { pushClaims } from '../../db/schema/notifications.ts';
import type { BusEvent, EventHub } from '../../platform/events.ts';
import type { PushMessage, PushSender } from './push.service.ts';

const CUSTOMER_TEXT: Partial<Record<string, string>> = {
  assigned: 'A rider has been assigned to your order.',
  picked_up: 'Your order has been picked up and is on its way.',
  delivered: 'Your order has been delivered. Enjoy!',
  cancelled: 'Your order has been cancelled.',
};

export function pushesFor(e: BusEvent): { userId: string; message: PushMessage }[] {
  if (e.type !== 'order') return [];
  const out: { userId: string; message: PushMessage }[] = [];
  if (e.action === 'assigned' && e.riderId) {
    out.push({
      userId: e.riderId,
      message: {
        title: 'New delivery assigned',
        body: `Order #${shortOrderId(e.orderId)} is waiting for pickup.`,
        url: `/rider/orders/${e.orderId}`,
        tag: `rider-${e.orderId}`,
      },
    });
  }
  const text = CUSTOMER_TEXT[e.action];
  if (text) {
    out.push({
      userId: e.userId,
      message: { title: `Order #${customerOrderNumber(e.orderId)}`, body: text, url: `/orders/${e.orderId}`, tag: `order-${e.orderId}` },
    });
  }
  return out;
}

async function claim(db: Db, eventId: string) {
  const rows = await db.insert(pushClaims).values({ eventId }).onConflictDoNothing().returning({ eventId: pushClaims.eventId });
  return rows.length === 1;
}

/** `sender` is read per event, so a test can swap the app's sender after start. */
export async function startPushDispatcher(deps: {
  db: Db;
  events: EventHub;
  sender: () => PushSender;
  log: { warn(o: object, m: string): void };
}) {
  const pending = new Set<Promise<unknown>>();
  const unsubscribe = await deps.events.subscribe((event) => {
    const pushes = pushesFor(event);
    if (!pushes.length || !event.eventId) return;
    const eventId = event.eventId;
    const work = (async () => {
      if (!(await claim(deps.db, eventId))) return;
      for (const p of pushes) await deps.sender().send(p.userId, p.message);
    })()
      .catch((err) => deps.log.warn({ err }, 'web push failed'))
      .finally(() => pending.delete(work));
    pending.add(work);
  });
  return async () => {
    unsubscribe();
    await Promise.allSettled([...pending]);
  };
}
