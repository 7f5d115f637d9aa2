/**
 * Approving an order held for the business's approval: it moves to `pending`, where every other
 * order starts, and is announced as `approved` (the outlet's live queue hears of it now, the buyer
 * is told). Who approved it is kept on the order. Declining is a cancel with the cause
 * `approval_declined` (cancel.ts), which gives back what the order held.
 *
 * What placement runs after opening a dispatchable order (auto-assign) is the caller's, after this,
 * in the same transaction, exactly as placement does it.
 */
import { ORDER_TRANSITIONS } from '@meatshop/shared/order-lifecycle';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../platform/errors.ts';
import type { OrderRow } from '../orders.repository.ts';
import { type Actor, assertMay } from './actor.ts';
import { writeStatus } from './lifecycle.repository.ts';
import { announce } from './order-event.ts';

/** `order` is the row as read under lock (lockOrderRow) in this transaction. */
export async function approveOrder(tx: Tx, order: OrderRow, actor: Actor & { id: string; name: string }, at = new Date()) {
  assertMay('approve', actor, order);
  const next = await writeStatus(tx, order.id, order.status, ORDER_TRANSITIONS.approve.to!, {
    approvalBy: actor.id,
    approvalByName: actor.name,
    approvalAt: at,
  });
  if (!next) throw conflict('This order was just changed by someone else. Please reload it.');
  await announce(tx, next, 'approved');
  return next;
}
