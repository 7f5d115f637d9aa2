/** The words of each customer message, short enough for one SMS where it matters. */
import { deliverySlotLabel } from '@meatshop/shared/delivery-slots';
import type { MessageEvent } from '@meatshop/shared/messages';
import { formatUGX } from '@meatshop/shared/money';
import { customerOrderNumber } from '@meatshop/shared/status';

export interface MessageFacts {
  orderId: string;
  customerName: string;
  totalAmount: number;
  deliveryAsap: boolean;
  deliverySlotStart: Date | null;
  deliverySlotEnd: Date | null;
  rider: { fullName: string; phone: string } | null;
  shopName: string;
}

export interface MessageText {
  sms: string;
  subject: string;
  email: string;
}

export function messageText(event: MessageEvent, f: MessageFacts): MessageText {
  const no = `#${customerOrderNumber(f.orderId)}`;
  const when =
    f.deliveryAsap || f.deliverySlotStart
      ? deliverySlotLabel({ asap: f.deliveryAsap, start: f.deliverySlotStart, end: f.deliverySlotEnd })
      : null;
  const rider = f.rider ? `${f.rider.fullName} (${f.rider.phone})` : 'our rider';
  const lines: Record<MessageEvent, { subject: string; sms: string }> = {
    placed: {
      subject: `Order ${no} received`,
      sms: `We received your order ${no} of ${formatUGX(f.totalAmount)}.${when ? ` Delivery: ${when}.` : ''}`,
    },
    paid: {
      subject: `Payment received for order ${no}`,
      sms: `Payment of ${formatUGX(f.totalAmount)} for order ${no} received. Thank you!`,
    },
    assigned: { subject: `A rider is assigned to order ${no}`, sms: `Rider ${rider} has been assigned to your order ${no}.` },
    picked_up: { subject: `Order ${no} is on its way`, sms: `Your order ${no} is on its way with ${rider}.` },
    delivered: { subject: `Order ${no} delivered`, sms: `Your order ${no} has been delivered. Enjoy!` },
    cancelled: { subject: `Order ${no} cancelled`, sms: `Your order ${no} has been cancelled.` },
  };
  const l = lines[event];
  return {
    sms: `${f.shopName}: ${l.sms}`,
    subject: `${f.shopName}: ${l.subject}`,
    email: [`Hello ${f.customerName},`, '', l.sms, '', 'You can follow your order under My Orders on our website.', '', f.shopName].join(
      '\n',
    ),
  };
}
