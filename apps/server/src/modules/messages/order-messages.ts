/**
 * Queues the customer's SMS and email for an order event, inside the transaction that changed the
 * order (called from `publish`), so a message exists exactly when the change committed. The unique
 * (order, event, channel) key turns a second publish of the same event into nothing.
 */
import { MESSAGE_EVENTS, type MessageEvent } from '@meatshop/shared/messages';
import { SHOP } from '@meatshop/shared/constants';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deliveryRiders, users } from '../../db/schema/accounts.ts';
import { customerMessages } from '../../db/schema/delivery-ops.ts';
import { orders } from '../../db/schema/orders.ts';
import { messageText } from './message-texts.ts';

export const SMS_OPT_OUT_NOTE = 'Customer opted out of SMS';

export const isMessageEvent = (action: string): action is MessageEvent => (MESSAGE_EVENTS as readonly string[]).includes(action);

export async function queueOrderMessages(tx: Tx, orderId: string, event: MessageEvent) {
  const [row] = await tx
    .select({ order: orders, smsOptOut: users.smsOptOut, riderName: deliveryRiders.fullName, riderPhone: deliveryRiders.phone })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(deliveryRiders, eq(deliveryRiders.id, orders.riderId))
    .where(eq(orders.id, orderId));
  if (!row) return;
  const o = row.order;
  const text = messageText(event, {
    orderId,
    customerName: o.shippingAddress.full_name,
    totalAmount: o.totalAmount,
    deliveryAsap: o.deliveryAsap,
    deliverySlotStart: o.deliverySlotStart,
    deliverySlotEnd: o.deliverySlotEnd,
    rider: row.riderName ? { fullName: row.riderName, phone: row.riderPhone ?? '' } : null,
    shopName: SHOP.name,
  });
  const values: (typeof customerMessages.$inferInsert)[] = [];
  if (o.shippingAddress.phone) {
    values.push({
      orderId,
      event,
      channel: 'sms',
      recipient: o.shippingAddress.phone,
      body: text.sms,
      // Kept, never sent, so the admin can see why the customer got no SMS.
      ...(row.smsOptOut ? { status: 'skipped', lastError: SMS_OPT_OUT_NOTE } : {}),
    });
  }
  if (o.shippingAddress.email) {
    values.push({ orderId, event, channel: 'email', recipient: o.shippingAddress.email, subject: text.subject, body: text.email });
  }
  if (values.length) await tx.insert(customerMessages).values(values).onConflictDoNothing();
}
