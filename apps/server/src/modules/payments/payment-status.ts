/**
 * Applies a provider's transaction status to our records: the one place that marks an order paid.
 * Used by verify, the IPN and the expiry job alike, so a payment is judged the same way whichever
 * arrives first, and only once (callback and IPN may race or repeat; pesapal.md section 7).
 */
import type { VerifyStatus } from '@meatshop/shared/payments';
import { customerOrderNumber } from '@meatshop/shared/status';
import { formatUGX } from '@meatshop/shared/money';
import type { Db, Tx } from '../../db/client.ts';
import { autoAssignIfEnabled } from '../delivery/dispatch.service.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { SYSTEM } from '../orders/lifecycle/actor.ts';
import { lockOrderRow } from '../orders/lifecycle/lifecycle.repository.ts';
import { dueOf, payBalance } from '../orders/lifecycle/balance.ts';
import { findBalance } from '../orders/lifecycle/balance.repository.ts';
import { setPaymentStatus } from '../orders/lifecycle/payment.ts';
import { openRefundFor, type RefundOpener } from '../orders/lifecycle/refund-hook.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import type { TransactionStatus } from './payment-provider.ts';
import { countCompletedPayments, lockPayment, updatePayment } from './payments.repository.ts';
import { completeSentRefunds } from './refund-status.ts';

export interface Verdict {
  payment_status: VerifyStatus;
  payment_status_description: string;
  payment_method: string;
  amount: number;
  currency: string;
  orderId: string;
}

export const MISMATCH_DESCRIPTION = 'The amount paid did not match your order. Please contact support.';

/**
 * `openRefund` opens the refund of a payment that lands on an order already cancelled (the caller
 * passes `cancelRefunds(deps).open` and sends what it opened after this returns).
 */
export async function applyProviderStatus(
  db: Db,
  paymentId: string,
  st: TransactionStatus,
  source: string,
  openRefund?: RefundOpener,
): Promise<Verdict> {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new Error(`payment ${paymentId} vanished`);
    const order = await lockOrderRow(tx, payment.orderId);
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
      // A balance's attempt is checked against that balance: still due, for exactly this amount
      // (an edit may have cancelled or lowered it since), or already paid by this very attempt.
      const balance = payment.balanceId ? await findBalance(tx, payment.balanceId) : undefined;
      const expected = balance ? (balance.paymentId === payment.id ? payment.amount : dueOf(balance)) : order.totalAmount;
      // The order's own attempt matched its total when it completed; an edit since then changes the
      // total (a refund or a balance carries the difference), so a later check of that attempt holds
      // it to the amount it was for, not to the edited total.
      const forThis = balance
        ? balance.paymentId === payment.id || (balance.state === 'due' && order.status !== 'cancelled' && expected === payment.amount)
        : payment.amount === order.totalAmount || was === 'completed';
      const matches =
        Math.round(st.amount * 100) === payment.amount * 100 &&
        forThis &&
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
            message: balance
              ? `Balance payment for order #${number} did not match: received ${st.currency} ${st.amount}, ${formatUGX(expected)} is due. Refund it if it was taken`
              : `Payment for order #${number} did not match: received ${st.currency} ${st.amount}, expected ${formatUGX(order.totalAmount)}`,
          });
        }
        return verdict('FAILED', MISMATCH_DESCRIPTION);
      }
      await updatePayment(tx, payment.id, { status: 'completed', statusDescription: st.description ?? 'COMPLETED' }, answer);
      if (was !== 'completed') {
        if (balance) await payBalance(tx, order, balance, payment.id, payment.amount);
        else await onCompleted(tx, order, payment.id, number, openRefund);
      }
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
    // A balance's attempt failing leaves the order as it was (paid, with the balance still due).
    if (was !== status && payment.balanceId) {
      if (was === 'completed') {
        await notifyAdmins(tx, {
          type: 'error',
          orderId: order.id,
          message: `Balance payment ${status} for order #${number}: ${description}`,
        });
      }
    } else if (was !== status) await onUnsuccessful(tx, order, payment.id, was, status, number, description);
    return verdict(status === 'reversed' ? 'REVERSED' : 'FAILED', description);
  });
}

async function onCompleted(tx: Tx, order: OrderRow, paymentId: string, number: string, openRefund?: RefundOpener) {
  if (order.paymentStatus === 'paid') {
    // A second completed attempt for an order already paid: money taken twice.
    if ((await countCompletedPayments(tx, order.id, paymentId)) > 0) {
      await notifyAdmins(tx, { type: 'error', orderId: order.id, message: `Order #${number} was paid twice: refund one payment` });
    }
    return;
  }
  const paid = await setPaymentStatus(tx, order, 'confirm', SYSTEM);
  if (paid.status === 'cancelled') {
    // Paid in the moment it expired: the money is in, the order will not go out; it goes back.
    await openRefundFor(tx, paid, 'payment received after the order was cancelled', openRefund);
  } else {
    await notifyAdmins(tx, { type: 'success', orderId: order.id, message: `Payment received for order #${number}` });
    // With the setting on, the paid order goes straight to the suggested rider.
    await autoAssignIfEnabled(tx, order.id);
  }
}

async function onUnsuccessful(
  tx: Tx,
  order: OrderRow,
  paymentId: string,
  was: string,
  status: 'failed' | 'reversed',
  number: string,
  description: string,
) {
  if (order.paymentStatus === 'pending') await setPaymentStatus(tx, order, 'fail', SYSTEM);
  // A reversal of the payment that paid the order (and no other paid it): the money went back.
  else if (status === 'reversed' && was === 'completed' && order.paymentStatus === 'paid') {
    if ((await countCompletedPayments(tx, order.id, paymentId)) === 0) await setPaymentStatus(tx, order, 'reverse', SYSTEM);
  }
  const what = status === 'reversed' ? 'reversed' : 'failed';
  await notifyAdmins(tx, { type: 'error', orderId: order.id, message: `Payment ${what} for order #${number}: ${description}` });
}
