/**
 * Queues the customer's SMS and email for an order event, inside the transaction that changed the
 * order (called from `publish`), so a message exists exactly when the change committed. The unique
 * (order, event, channel) key turns a second publish of the same event into nothing.
 */
import {
  BALANCE_LINK_MESSAGE_EVENT,
  MESSAGE_EVENTS,
  type MessageEvent,
  PAY_LINK_MESSAGE_EVENT,
  type RefundMessageEvent,
  WEIGHED_MESSAGE_EVENT,
} from '@meatshop/shared/messages';
import { SHOP } from '@meatshop/shared/constants';
import type { Tx } from '../../db/client.ts';
import {
  type CustomerMessageInsert,
  findOrderMessageFacts,
  findRefundRecipient,
  insertCustomerMessages,
} from './customer-messages.repository.ts';
import {
  balanceLinkSms,
  type MessageText,
  messageText,
  payLinkSms,
  type RefundFacts,
  refundMessageText,
  substitutionText,
  type WeighedFacts,
  weighedMessageText,
} from './message-texts.ts';

export const SMS_OPT_OUT_NOTE = 'Customer opted out of SMS';

export const isMessageEvent = (action: string): action is MessageEvent => (MESSAGE_EVENTS as readonly string[]).includes(action);

export type OrderMessageFacts = NonNullable<Awaited<ReturnType<typeof findOrderMessageFacts>>>;

/** `known`: the order and its customer's facts as they are now, when the caller holds them. */
export async function queueOrderMessages(tx: Tx, orderId: string, event: MessageEvent, known?: OrderMessageFacts) {
  const row = known ?? (await findOrderMessageFacts(tx, orderId));
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
    cancelReason: o.cancelReason,
  });
  await queue(tx, { orderId, event }, o.shippingAddress, row.smsOptOut, text);
}

/**
 * The SMS with the link to pay an order staff took (the customer may have no account to sign in
 * with). SMS only: it goes to the phone the order was taken for; once per order by the outbox key.
 */
export async function queuePayLinkMessage(tx: Tx, orderId: string, url: string) {
  const row = await findOrderMessageFacts(tx, orderId);
  if (!row) return;
  const o = row.order;
  const sms = payLinkSms({ orderId, totalAmount: o.totalAmount, url, shopName: SHOP.name });
  await queue(tx, { orderId, event: PAY_LINK_MESSAGE_EVENT }, { phone: o.shippingAddress.phone }, row.smsOptOut, {
    sms,
    subject: '',
    email: '',
  });
}

/**
 * The SMS with the link to pay a balance (a paid order made dearer). One per balance: the outbox key
 * is the order and `pay_balance_<n>`, n counting the order's balances.
 */
export async function queueBalanceLinkMessage(tx: Tx, orderId: string, ordinal: number, amount: number, url: string) {
  const row = await findOrderMessageFacts(tx, orderId);
  if (!row) return;
  const sms = balanceLinkSms({ orderId, amount, url, shopName: SHOP.name });
  await queue(
    tx,
    { orderId, event: `${BALANCE_LINK_MESSAGE_EVENT}_${ordinal}` },
    { phone: row.order.shippingAddress.phone },
    row.smsOptOut,
    {
      sms,
      subject: '',
      email: '',
    },
  );
}

/**
 * The customer's SMS and email about one refund: opened (or taken off the cash to pay on delivery)
 * and completed. Called by the refunds module in the transaction that moved the refund; keyed by
 * (refund, event, channel), so each refund is told once per step.
 */
export async function queueRefundMessages(
  tx: Tx,
  refund: { id: string; orderId: string } & Pick<RefundFacts, 'amount' | 'method' | 'reducesCollection' | 'toPayOnDelivery'>,
  event: RefundMessageEvent,
) {
  const row = await findRefundRecipient(tx, refund.orderId);
  if (!row) return;
  const text = refundMessageText(event, { ...refund, customerName: row.address.full_name, shopName: SHOP.name });
  await queue(tx, { orderId: refund.orderId, refundId: refund.id, event }, row.address, row.smsOptOut, text);
}

/**
 * The customer's SMS and email that a short line was substituted, with how long they have to refuse
 * it. One per line: the outbox key is the order and `substituted_<line id>`.
 */
export async function queueSubstitutionMessage(
  tx: Tx,
  orderId: string,
  lineId: string,
  f: { ordered: string; substitute: string; quantity: number; minutes: number; url?: string | undefined },
) {
  const row = await findOrderMessageFacts(tx, orderId);
  if (!row) return;
  const text = substitutionText({ ...f, orderId, customerName: row.order.shippingAddress.full_name, shopName: SHOP.name });
  await queue(tx, { orderId, event: `substituted_${lineId}` }, row.order.shippingAddress, row.smsOptOut, text);
}

async function queue(
  tx: Tx,
  key: { orderId: string; refundId?: string; event: string },
  to: { phone?: string | null; email?: string | null },
  smsOptOut: boolean,
  text: MessageText,
) {
  const values: CustomerMessageInsert[] = [];
  if (to.phone) {
    values.push({
      ...key,
      channel: 'sms',
      recipient: to.phone,
      body: text.sms,
      // Kept, never sent, so the admin can see why the customer got no SMS.
      ...(smsOptOut ? { status: 'skipped', lastError: SMS_OPT_OUT_NOTE } : {}),
    });
  }
  if (to.email) values.push({ ...key, channel: 'email', recipient: to.email, subject: text.subject, body: text.email });
  if (values.length) await insertCustomerMessages(tx, values);
}

/** Packed with weighed lines: the weights and the final amount, once per order (the outbox key). */
export async function queueWeighedMessage(tx: Tx, facts: Omit<WeighedFacts, 'customerName' | 'shopName'>) {
  const row = await findRefundRecipient(tx, facts.orderId);
  if (!row) return;
  const text = weighedMessageText({ ...facts, customerName: row.address.full_name, shopName: SHOP.name });
  await queue(tx, { orderId: facts.orderId, event: WEIGHED_MESSAGE_EVENT }, row.address, row.smsOptOut, text);
}

/**
 * A food-safety recall's message to the customer of one order (SMS and email, through the outbox).
 * Sent whatever the customer's SMS choice: it is about their safety, not marketing. One per recall,
 * order and channel (event `recall:<id>`), so sending again queues nothing twice.
 */
export async function queueRecallMessages(tx: Tx, orderId: string, recallId: string, text: MessageText) {
  const row = await findRefundRecipient(tx, orderId);
  if (!row) return 0;
  const values: CustomerMessageInsert[] = [];
  const key = { orderId, event: `recall:${recallId}` };
  if (row.address.phone) values.push({ ...key, channel: 'sms', recipient: row.address.phone, body: text.sms });
  if (row.address.email) values.push({ ...key, channel: 'email', recipient: row.address.email, subject: text.subject, body: text.email });
  if (values.length) await insertCustomerMessages(tx, values);
  return values.length;
}
