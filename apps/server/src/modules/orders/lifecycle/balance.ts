/**
 * Balances: a paid order made dearer asks the customer for the difference as its own payment
 * (docs/decisions/253-order-balances.md). Each is an `order_balances` row that is never rewritten
 * in amount; the order's `balance_due` is the sum still to pay, moved in the same transaction.
 * - an edit that makes it dearer opens one (`openBalance`);
 * - an edit that makes it cheaper cancels what is still due, newest first, before any refund
 *   (`cancelDueBalances`), so nothing is refunded that was never paid;
 * - a payment attempt for exactly what is due pays it (`payBalance`, from payment-status.ts);
 * - still due when the rider delivers: the rider collected it in cash (`collectDueBalances`).
 * A cancelled order keeps its unpaid balance as `due` (never paid): what was paid is the total less
 * what is due, so its refund and its receipt stay right; the pay page refuses a cancelled order.
 * Every function runs with the order row locked by the caller.
 */
import { customerOrderNumber } from '@meatshop/shared/status';
import { formatUGX } from '@meatshop/shared/money';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../platform/errors.ts';
import { notifyAdmins } from '../../notifications/notifications.service.ts';
import type { OrderRow } from '../orders.repository.ts';
import {
  type BalanceRow,
  cancelBalancePart,
  findDueBalances,
  insertBalance,
  moveBalanceDue,
  settleBalanceRow,
} from './balance.repository.ts';
import { announce } from './order-event.ts';

const CHANGED = 'This order was just changed by someone else. Please reload it.';

/** What is still to pay of one balance. */
export const dueOf = (b: Pick<BalanceRow, 'amount' | 'cancelledAmount' | 'state'>) =>
  b.state === 'due' ? b.amount - b.cancelledAmount : 0;

export async function openBalance(tx: Tx, orderId: string, amount: number) {
  const balance = await insertBalance(tx, orderId, amount);
  if (!(await moveBalanceDue(tx, orderId, amount))) throw conflict(CHANGED);
  return balance;
}

/** Cancels up to `amount` of what is still due, newest balance first; returns how much it cancelled. */
export async function cancelDueBalances(tx: Tx, orderId: string, amount: number, at = new Date()) {
  let left = amount;
  for (const b of await findDueBalances(tx, orderId)) {
    if (left <= 0) break;
    const part = Math.min(left, dueOf(b));
    if (!(await cancelBalancePart(tx, b, part, at))) throw conflict(CHANGED);
    left -= part;
  }
  const cancelled = amount - left;
  if (cancelled > 0 && !(await moveBalanceDue(tx, orderId, -cancelled))) throw conflict(CHANGED);
  return cancelled;
}

/**
 * A payment attempt for a balance completed for exactly what is due: the balance is paid. False when
 * it is no longer due (cancelled by an edit, collected by the rider) or asks another amount now: the
 * caller treats that payment as not matching.
 */
export async function payBalance(tx: Tx, order: OrderRow, balance: BalanceRow, paymentId: string, amount: number, at = new Date()) {
  if (balance.state !== 'due' || dueOf(balance) !== amount || order.status === 'cancelled') return false;
  if (!(await settleBalanceRow(tx, balance.id, 'paid', at, paymentId))) return false;
  const next = await moveBalanceDue(tx, order.id, -amount);
  if (!next) throw conflict(CHANGED);
  await notifyAdmins(tx, {
    type: 'success',
    orderId: order.id,
    message: `Balance of ${formatUGX(amount)} paid for order #${customerOrderNumber(order.id)}`,
  });
  await announce(tx, next, 'updated');
  return true;
}

/** Delivered with a balance still due: the rider took it in cash (their amount to collect showed it). */
export async function collectDueBalances(tx: Tx, orderId: string, at: Date) {
  return settleAllDue(tx, orderId, 'collected', at);
}

async function settleAllDue(tx: Tx, orderId: string, state: 'collected', at: Date) {
  let total = 0;
  for (const b of await findDueBalances(tx, orderId)) {
    if (await settleBalanceRow(tx, b.id, state, at)) total += dueOf(b);
  }
  if (total > 0 && !(await moveBalanceDue(tx, orderId, -total))) throw conflict(CHANGED);
  return total;
}
