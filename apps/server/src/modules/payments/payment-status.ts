/**
 * Applies a provider's transaction status to our records: the one place that marks an order paid.
 * Used by verify, the IPN and the expiry job alike, so a payment is judged the same way whichever
 * arrives first, and only once (callback and IPN may race or repeat; pesapal.md section 7).
 */
import type { VerifyStatus } from '@meatshop/shared/payments';
import { customerOrderNumber } from '@meatshop/shared/status';
import { formatUGX } from '@meatshop/shared/money';
import type { Db, Tx } from '../../db/client.ts';
import { publish } from '../../platform/events.ts';
import { autoAssignIfEnabled } from '../delivery/dispatch.service.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import type { TransactionStatus } from './payment-provider.ts';
import { completeSentRefunds } from './refund-status.ts';
import {
  countCompletedPayments,
  lockOrder,
  lockPayment,
  type PaymentOrder,
  setOrderPaymentStatus,
  updatePayment,
} from './payments.repository.ts';

export interface Verdict {
  payment_status: VerifyStatus;
  payment_status_description: string;
  payment_method: string;
  amount: number;
  currency: string;
  orderId: string;
}

export const MISMATCH_DESCRIPTION = 'The amount paid did not match your order. Please contact support.';

export async function applyProviderStatus(db: Db, paymentId: string, st: TransactionStatus, source: string): Promise<Verdict> {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new Error(`payment ${paymentId} vanished`);
    const order = await lockOrder(tx, payment.orderId);
    if (!order) throw new Error(`order ${payment.orderId} vanished`);
    const answer = { at: new Date().toISOString(), source, body: st.raw };
    const verdict = (payment_status: VerifyStatus, description: string): Verdict => ({
      payment_status,
      payment_status_description: description,
      payment_method: st.paymentMethod,
      amount: Number.isFinite(st.amount) ? st.amount : payment.amount,
      currency: st.currency || payment.currency,
      orderId: order.id,
    });
    const number = customerOrderNumber(order.id);
    const was = payment.status;

    if (st.state === 'pending') {
      // Not paid yet (status_code 0): keep waiting; never move a settled attempt back.
      await updatePayment(tx, payment.id, {}, answer);
      if (was === 'completed' && order.paymentStatus === 'paid') return verdict('COMPLETED', 'COMPLETED');
      return verdict('INVALID', st.description ?? 'Payment is still being processed.');
    }

    if (st.state === 'completed') {
      const matches =
        Math.round(st.amount * 100) === payment.amount * 100 &&
        payment.amount === order.totalAmount &&
        st.currency === payment.currency &&
        (!st.merchantReference || st.merchantReference === payment.merchantReference);
      if (!matches) {
        await updatePayment(
          tx,
          payment.id,
          { status: 'invalid', statusDescription: 'Amount, currency or reference did not match the order' },
          answer,
        );
        if (was !== 'invalid') {
          await notifyAdmins(tx, {
            type: 'error',
            orderId: order.id,
            message: `Payment for order #${number} did not match: received ${st.currency} ${st.amount}, expected ${formatUGX(order.totalAmount)}`,
          });
        }
        return verdict('FAILED', MISMATCH_DESCRIPTION);
      }
      await updatePayment(tx, payment.id, { status: 'completed', statusDescription: st.description ?? 'COMPLETED' }, answer);
      if (was !== 'completed') await onCompleted(tx, order, payment.id, number);
      return verdict('COMPLETED', 'COMPLETED');
    }

    // FAILED or REVERSED: recorded on the attempt; the order follows only if this attempt decides it.
    const status = st.state;
    const description = st.description ?? (status === 'reversed' ? 'Payment was reversed' : 'Payment failed');
    await updatePayment(tx, payment.id, { status, statusDescription: description }, answer);
    // A reversal of a payment we asked to refund is that refund done: its amount decides the status.
    if (status === 'reversed' && (await completeSentRefunds(tx, payment.id, order, answer))) {
      return verdict('REVERSED', description);
    }
    if (was !== status) await onUnsuccessful(tx, order, payment.id, was, status, number, description);
    return verdict(status === 'reversed' ? 'REVERSED' : 'FAILED', description);
  });
}

async function onCompleted(tx: Tx, order: NonNullable<PaymentOrder>, paymentId: string, number: string) {
  if (order.paymentStatus === 'paid') {
    // A second completed attempt for an order already paid: money taken twice.
    if ((await countCompletedPayments(tx, order.id, paymentId)) > 0) {
      await notifyAdmins(tx, { type: 'error', orderId: order.id, message: `Order #${number} was paid twice: refund one payment` });
    }
    return;
  }
  await setOrderPaymentStatus(tx, order.id, 'paid');
  await publish(tx, orderEvent(order, 'paid', 'paid'));
  if (order.status === 'cancelled') {
    // Paid in the moment it expired: the money is in, the stock was returned; a person decides.
    await notifyAdmins(tx, {
      type: 'error',
      orderId: order.id,
      message: `Payment received for cancelled order #${number}: refund the customer`,
    });
  } else {
    await notifyAdmins(tx, { type: 'success', orderId: order.id, message: `Payment received for order #${number}` });
    // Issue 12 item 2: with the setting on, the paid order goes straight to the suggested rider.
    await autoAssignIfEnabled(tx, order.id);
  }
}

async function onUnsuccessful(
  tx: Tx,
  order: NonNullable<PaymentOrder>,
  paymentId: string,
  was: string,
  status: 'failed' | 'reversed',
  number: string,
  description: string,
) {
  let next: string | null = null;
  if (order.paymentStatus === 'pending') next = 'failed';
  // A reversal of the payment that paid the order (and no other paid it): the money went back.
  else if (status === 'reversed' && was === 'completed' && order.paymentStatus === 'paid') {
    if ((await countCompletedPayments(tx, order.id, paymentId)) === 0) next = 'refunded';
  }
  if (next) {
    await setOrderPaymentStatus(tx, order.id, next);
    await publish(tx, orderEvent(order, 'payment_failed', next));
  }
  const what = status === 'reversed' ? 'reversed' : 'failed';
  await notifyAdmins(tx, { type: 'error', orderId: order.id, message: `Payment ${what} for order #${number}: ${description}` });
}

function orderEvent(order: NonNullable<PaymentOrder>, action: 'paid' | 'payment_failed', paymentStatus: string) {
  return {
    type: 'order' as const,
    action,
    orderId: order.id,
    status: order.status,
    paymentStatus,
    userId: order.userId,
    outletId: order.outletId,
    riderId: order.riderId,
  };
}
