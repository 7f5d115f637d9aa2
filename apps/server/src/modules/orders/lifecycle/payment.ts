/**
 * The payment status of an order, moved only along PAYMENT_TRANSITIONS (packages/shared): payment
 * confirmed or failed by the provider, reversed, and refunded (the refunds module calls
 * `setPaymentStatus` with `refund_partial` / `refund_full`).
 */
import { PAYMENT_TRANSITIONS, type PaymentAction, paymentMay } from '@meatshop/shared/order-lifecycle';
import type { OrderAction } from '@meatshop/shared/events';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../platform/errors.ts';
import type { OrderRow } from '../orders.repository.ts';
import type { Actor } from './actor.ts';
import { writePaymentStatus } from './lifecycle.repository.ts';
import { announce } from './order-event.ts';

const EVENT: Record<PaymentAction, OrderAction> = {
  confirm: 'paid',
  fail: 'payment_failed',
  expire: 'payment_failed',
  reverse: 'payment_failed',
  refund_partial: 'updated',
  refund_full: 'updated',
};

/**
 * Moves the order's payment status; throws a 409 when the table does not allow it from the current
 * status (for example a refund of an unpaid order). `order` is read under lock in this transaction.
 */
export async function setPaymentStatus(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'status' | 'paymentStatus' | 'userId' | 'outletId' | 'riderId'>,
  action: PaymentAction,
  actor: Actor,
) {
  if (!paymentMay(action, actor.role, order.paymentStatus)) {
    throw conflict(`The payment of this order is ${order.paymentStatus.replace('_', ' ')}: it cannot be changed that way.`);
  }
  const next = await writePaymentStatus(tx, order.id, order.paymentStatus, PAYMENT_TRANSITIONS[action].to);
  if (!next) throw conflict('This order was just changed by someone else. Please reload it.');
  await announce(tx, next, EVENT[action]);
  return next;
}
