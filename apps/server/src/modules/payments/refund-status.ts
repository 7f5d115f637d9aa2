/**
 * What an order's refunds add up to, and the order's payment status that follows from them.
 * `refundedTotals` is pure (the order core and the receipt can use it as is); the two functions
 * below it run inside the caller's transaction, with the order row already locked.
 */
import { formatUGX } from '@meatshop/shared/money';
import { customerOrderNumber, type PaymentStatus } from '@meatshop/shared/status';
import type { Tx } from '../../db/client.ts';
import { queueRefundMessages } from '../messages/order-messages.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { findAllRefunds, findSentRefundsOfPayment, moveRefund, type RefundAnswer } from './refunds.repository.ts';
import { SYSTEM } from '../orders/lifecycle/actor.ts';
import { setPaymentStatus } from '../orders/lifecycle/payment.ts';
import { paymentMay } from '@meatshop/shared/order-lifecycle';

export interface RefundedOrder {
  id: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  totalAmount: number;
  /** A paid order made dearer: the part of the total still unpaid (not paid, so never refundable). */
  balanceDue?: number;
}

export interface RefundLike {
  amount: number;
  state: string;
  reducesCollection: boolean;
  reason?: string;
}

export interface RefundedTotals {
  /** What the customer paid or pays: the total less what was taken off the cash to collect. */
  paid: number;
  /** Not failed (requested, sent, completed): already promised back. */
  promised: number;
  /** Money actually back with the customer (cash taken off before delivery is not counted). */
  completed: number;
  /** Taken off what the rider collects on a cash order. */
  collectionCut: number;
  /** What may still be refunded: never more than was paid in total. */
  refundable: number;
  /** The payment status these refunds call for, or null when they change nothing. */
  paymentStatus: Extract<PaymentStatus, 'refunded' | 'partially_refunded'> | null;
}

const sum = (rs: RefundLike[]) => rs.reduce((s, r) => s + r.amount, 0);

/** Whether the order's money has been taken: a prepaid order paid, or a cash order delivered. */
export function moneyTaken(order: Pick<RefundedOrder, 'status' | 'paymentStatus' | 'paymentMethod'>) {
  if (order.paymentMethod === 'cash_on_delivery') return order.status === 'delivered';
  return ['paid', 'partially_refunded', 'refunded'].includes(order.paymentStatus);
}

/**
 * An edit that lowers a paid order's total lowers `totalAmount` and opens a refund of the difference
 * (reason `order_edited`): what the customer paid is the total plus those refunds, and what may
 * still be refunded is counted from that. They are counted even when failed: the total went down
 * all the same, and a failed refund's amount is to be refunded again. A balance still due (a paid
 * order made dearer, not yet paid) is part of the total but was never paid: it is taken off.
 */
export function refundedTotals(order: RefundedOrder, refunds: RefundLike[]): RefundedTotals {
  const live = refunds.filter((r) => r.state !== 'failed');
  const collectionCut = sum(live.filter((r) => r.reducesCollection));
  const completed = sum(live.filter((r) => r.state === 'completed' && !r.reducesCollection));
  const promised = sum(live);
  // Packing weighed under the estimate lowers the total the same way (counter.ts).
  const editedOff = sum(refunds.filter((r) => r.reason === 'order_edited' || r.reason === 'order_weighed'));
  const charged = order.totalAmount + editedOff - (order.balanceDue ?? 0);
  const paid = charged - collectionCut;
  let paymentStatus: RefundedTotals['paymentStatus'] = null;
  if (moneyTaken(order) && completed > 0) paymentStatus = completed >= paid ? 'refunded' : 'partially_refunded';
  return { paid, promised, completed, collectionCut, refundable: Math.max(0, charged - promised), paymentStatus };
}

type EventOrder = RefundedOrder & { userId: string; outletId: string | null; riderId: string | null };

/**
 * Refunds move orders.payment_status through the order core's writer, from the refunds' sum:
 * `refund_full` when everything paid went back, `refund_partial` otherwise. A cash order delivered
 * still reads `pending` (nothing marks it paid), so the transition table lets a refund start there.
 */
export async function applyRefundToPaymentStatus(tx: Tx, order: EventOrder): Promise<string> {
  const { paymentStatus: next } = refundedTotals(order, await findAllRefunds(tx, order.id));
  if (!next || next === order.paymentStatus) return order.paymentStatus;
  const action = next === 'refunded' ? 'refund_full' : 'refund_partial';
  if (!paymentMay(action, 'system', order.paymentStatus)) return order.paymentStatus;
  await setPaymentStatus(tx, order, action, SYSTEM);
  return next;
}

/**
 * The provider's status says the payment was given back (REVERSED): the refunds of it that it had
 * accepted are done. Returns false when none was waiting, so a reversal we did not ask for (a
 * charge-back) is handled as before.
 */
export async function completeSentRefunds(tx: Tx, paymentId: string, order: EventOrder, answer: RefundAnswer): Promise<boolean> {
  const sent = await findSentRefundsOfPayment(tx, paymentId);
  if (!sent.length) return false;
  const at = new Date();
  for (const r of sent) {
    const done = await moveRefund(tx, r.id, 'sent', { state: 'completed', completedAt: at }, answer);
    if (done) await queueRefundMessages(tx, { ...done, toPayOnDelivery: 0 }, 'refund_completed');
  }
  await applyRefundToPaymentStatus(tx, order);
  await notifyAdmins(tx, {
    type: 'success',
    orderId: order.id,
    message: `Refund of ${formatUGX(sum(sent))} for order #${customerOrderNumber(order.id)} completed`,
  });
  return true;
}
