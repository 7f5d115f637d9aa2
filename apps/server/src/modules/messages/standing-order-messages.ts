/**
 * What a member is told when the shop places (or cannot place) an occurrence of their standing
 * order: an email and, when they have a phone, an SMS. Queued in the transaction that records the
 * run, so a run that rolls back tells nobody and one that commits is always sent.
 */
import { SHOP } from '@meatshop/shared/constants';
import { formatUGX } from '@meatshop/shared/money';
import type { ReducedLine } from '@meatshop/shared/standing-orders';
import { customerOrderNumber } from '@meatshop/shared/status';
import type { Tx } from '../../db/client.ts';
import { customerMessages } from '../../db/schema/delivery-ops.ts';

export type StandingOrderMessage =
  | {
      event: 'standing_order_placed';
      name: string;
      day: string;
      orderId: string;
      total: number;
      /** How it is paid, as the order's screens say it. */
      payment: string;
      lines: { name: string; quantity: number }[];
      reduced: ReducedLine[];
      link: string;
    }
  | { event: 'standing_order_failed'; name: string; day: string; reason: string; link: string };

const reducedText = (r: ReducedLine[]) =>
  r.map((l) => (l.placed === 0 ? `${l.productName} (out of stock, left off)` : `${l.productName} ${l.placed} of ${l.wanted}`)).join(', ');

export function standingOrderText(m: StandingOrderMessage): { subject: string; body: string; sms: string } {
  if (m.event === 'standing_order_failed') {
    return {
      subject: `Your standing order for ${m.day} could not be placed`,
      body: `Hello ${m.name},\n\nWe could not place your standing order for ${m.day}:\n\n${m.reason}\n\nYour standing orders: ${m.link}`,
      sms: `${SHOP.name}: your standing order for ${m.day} could not be placed: ${m.reason}`,
    };
  }
  const lines = m.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ');
  const reduced = m.reduced.length ? `; reduced: ${reducedText(m.reduced)}` : '';
  const number = customerOrderNumber(m.orderId);
  return {
    subject: `Your standing order for ${m.day} is placed (#${number})`,
    body: `Hello ${m.name},\n\nYour standing order for ${m.day} is placed: ${lines}${reduced}.\n\nOrder #${number}, ${formatUGX(m.total)}, ${m.payment.toLowerCase()}.\n\nYour standing orders: ${m.link}`,
    sms: `${SHOP.name}: your standing order for ${m.day} is placed (#${number}, ${formatUGX(m.total)}): ${lines}${reduced}.`,
  };
}

/** Queues the email (and SMS when there is a phone) in the caller's transaction; the caller wakes the worker after COMMIT. */
export async function queueStandingOrderMessages(tx: Tx, to: { email: string; phone: string | null }, m: StandingOrderMessage) {
  const { subject, body, sms } = standingOrderText(m);
  const orderId = m.event === 'standing_order_placed' ? m.orderId : null;
  const rows: (typeof customerMessages.$inferInsert)[] = [
    { orderId, event: m.event, channel: 'email', recipient: to.email, subject, body },
  ];
  if (to.phone) rows.push({ orderId, event: m.event, channel: 'sms', recipient: to.phone, subject: null, body: sms });
  await tx.insert(customerMessages).values(rows);
}
