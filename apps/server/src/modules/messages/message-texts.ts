/** The words of each customer message, short enough for one SMS where it matters. */
import { formatGrams } from '@meatshop/shared/weighing';
import { deliverySlotLabel } from '@meatshop/shared/delivery-slots';
import type { MessageEvent, RefundMessageEvent } from '@meatshop/shared/messages';
import { formatUGX } from '@meatshop/shared/money';
import { PAYMENT_WINDOW_MINUTES } from '@meatshop/shared/payments';
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
  /** Why the order was cancelled (a declined approval says it). */
  cancelReason?: string | null;
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
    held: {
      subject: `Order ${no} is awaiting approval`,
      sms: `We received your order ${no} of ${formatUGX(f.totalAmount)}. It is over your buying limit, so it waits for your business's approver; we will tell you when they decide.`,
    },
    approved: {
      subject: `Order ${no} approved`,
      sms: `Your order ${no} of ${formatUGX(f.totalAmount)} was approved by your business and is being prepared.${when ? ` Delivery: ${when}.` : ''}`,
    },
    approval_declined: {
      subject: `Order ${no} declined`,
      sms: `Your business declined your order ${no}; it will not be delivered.${f.cancelReason ? ` Reason: ${f.cancelReason}` : ''}`,
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
  return compose(lines[event], f);
}

/** The pay-link SMS: the order, what to pay, the link and how long it works. */
export function payLinkSms(f: { orderId: string; totalAmount: number; url: string; shopName: string }) {
  return `${f.shopName}: pay ${formatUGX(f.totalAmount)} for order #${customerOrderNumber(f.orderId)} here within ${PAYMENT_WINDOW_MINUTES} min: ${f.url}`;
}

/** The SMS asking for the balance of a paid order made dearer, with its own link. */
export function balanceLinkSms(f: { orderId: string; amount: number; url: string; shopName: string }) {
  return `${f.shopName}: your order #${customerOrderNumber(f.orderId)} was changed. Balance to pay: ${formatUGX(f.amount)}. Pay here before it goes out, or pay the rider in cash: ${f.url}`;
}

/** A short line substituted at packing: what for what, and how long the customer has to refuse it. */
export function substitutionText(f: {
  orderId: string;
  customerName: string;
  shopName: string;
  ordered: string;
  substitute: string;
  quantity: number;
  minutes: number;
  url?: string | undefined;
}): MessageText {
  const number = customerOrderNumber(f.orderId);
  const where = f.url ? `: ${f.url}` : ' on your order page';
  const sms = `${f.shopName}: we substituted ${f.substitute} for ${f.ordered} (${f.quantity}) on order #${number}. You pay no more than ordered. Refuse it within ${f.minutes} min${where}`;
  const email = [
    `Hello ${f.customerName},`,
    '',
    `${f.ordered} was short when we packed order #${number}, so we packed ${f.quantity} × ${f.substitute} instead. You never pay more than you ordered; if the substitute costs less, you pay less.`,
    '',
    `Not what you want? Refuse the substitute within ${f.minutes} minutes${where}, and we take it out and refund it.`,
    '',
    f.shopName,
  ].join('\n');
  return { sms, subject: `Order #${number}: ${f.substitute} instead of ${f.ordered}`, email };
}

export interface RefundFacts extends Pick<MessageFacts, 'orderId' | 'customerName' | 'shopName'> {
  amount: number;
  method: string;
  /** Taken off the cash a rider collects (a cash order not delivered yet). */
  reducesCollection: boolean;
  /** What the rider collects now, for a refund taken off the cash to collect. */
  toPayOnDelivery: number;
}

const WAY_BACK: Record<string, string> = { mobile_money: 'your mobile money account', card: 'your card' };

/** A refund opened and a refund completed: the amount, the order and where the money goes. */
export function refundMessageText(event: RefundMessageEvent, f: RefundFacts): MessageText {
  const no = `#${customerOrderNumber(f.orderId)}`;
  const amount = formatUGX(f.amount);
  const way = WAY_BACK[f.method];
  let line: { subject: string; sms: string };
  if (f.reducesCollection) {
    line = {
      subject: `${amount} off order ${no}`,
      sms: `We took ${amount} off your order ${no}. You now pay ${formatUGX(f.toPayOnDelivery)} on delivery.`,
    };
  } else if (event === 'refund_opened') {
    line = {
      subject: `Refund of ${amount} for order ${no}`,
      sms: way
        ? `We are refunding ${amount} for order ${no} to ${way}. We will tell you when it is done.`
        : `A refund of ${amount} for order ${no} is ready for you in cash at our outlet. Please bring your order number.`,
    };
  } else {
    line = {
      subject: `Refund for order ${no} completed`,
      sms: way
        ? `Your refund of ${amount} for order ${no} has been sent to ${way}.`
        : `Your refund of ${amount} for order ${no} was paid to you in cash.`,
    };
  }
  return compose(line, f);
}

function compose(l: { subject: string; sms: string }, f: Pick<MessageFacts, 'customerName' | 'shopName'>): MessageText {
  return {
    sms: `${f.shopName}: ${l.sms}`,
    subject: `${f.shopName}: ${l.subject}`,
    email: [`Hello ${f.customerName},`, '', l.sms, '', 'You can follow your order under My Orders on our website.', '', f.shopName].join(
      '\n',
    ),
  };
}

export interface WeighedFacts extends Pick<MessageFacts, 'customerName' | 'shopName'> {
  orderId: string;
  lines: { name: string; estimatedGrams: number; weighedGrams: number }[];
  totalBefore: number;
  totalAfter: number;
  cashOnDelivery: boolean;
}

/** The order packed and weighed: each weighed line's weight and the final amount. */
export function weighedMessageText(f: WeighedFacts): MessageText {
  const no = `#${customerOrderNumber(f.orderId)}`;
  const weights = f.lines.map((l) => `${l.name} ${formatGrams(l.weighedGrams)} (about ${formatGrams(l.estimatedGrams)} asked)`).join(', ');
  const money =
    f.totalAfter < f.totalBefore
      ? `Your total is now ${formatUGX(f.totalAfter)} (was ${formatUGX(f.totalBefore)})${f.cashOnDelivery ? ', to pay on delivery' : '; we are refunding the difference'}.`
      : `Your total stays ${formatUGX(f.totalAfter)}: never more than the estimate.`;
  return compose({ subject: `Order ${no} weighed and packed`, sms: `Order ${no} is packed. Weighed: ${weights}. ${money}` }, f);
}
