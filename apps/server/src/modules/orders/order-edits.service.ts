/**
 * Order edits as staff and customers ask for them: the order locked, the order core's `editOrder`,
 * and the kept record of every edit for the order's timeline. A customer's edit of an order that is
 * not theirs answers exactly like an unknown order.
 */
import type { OrderEditInput, OrderEditList } from '@meatshop/shared/order-edits';
import { SHOP } from '@meatshop/shared/constants';
import type { Tx } from '../../db/client.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { balanceDueHook } from '../payments/balance-payments.ts';
import { editRefunds } from '../payments/refunds.service.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from './lifecycle/actor.ts';
import { editOrder } from './lifecycle/edit.ts';
import { findOrderEdits } from './lifecycle/edit.repository.ts';
import { lockOrderRow } from './lifecycle/lifecycle.repository.ts';
import { findOrderById } from './orders.repository.ts';

const ORDER_NOT_FOUND = 'Order not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Staff (admin) or the order's customer; `now` is the clock slots are offered by. A refund the edit
 * opened goes to the provider after the commit.
 */
export async function editOrderAs(deps: PaymentDeps, actor: Actor, orderId: string, input: OrderEditInput, now: Date) {
  if (!UUID.test(orderId)) throw notFound(ORDER_NOT_FOUND);
  const refunds = editRefunds(deps, { userId: actor.id ?? null, name: actor.name ?? SHOP.name });
  const result = await deps.db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order || (actor.role === 'customer' && order.userId !== actor.id)) throw notFound(ORDER_NOT_FOUND);
    return editOrder(tx, order, input, actor, { now, openRefund: refunds.open, onBalanceDue: balanceDueHook(deps) });
  });
  await refunds.sendOpened();
  return result;
}

/** The edits of an order, oldest first; `ownerId` limits them to that customer's order. */
export async function listOrderEdits(tx: Tx, orderId: string, ownerId?: string): Promise<OrderEditList> {
  if (!UUID.test(orderId)) throw notFound(ORDER_NOT_FOUND);
  if (ownerId) {
    const order = await findOrderById(tx, orderId);
    if (order?.userId !== ownerId) throw notFound(ORDER_NOT_FOUND);
  }
  const rows = await findOrderEdits(tx, orderId);
  return {
    edits: rows.map((r) => ({
      id: r.id,
      editorRole: r.editorRole as 'admin' | 'customer',
      editorName: r.editorName,
      before: r.before,
      after: r.after,
      amountDifference: r.amountDifference,
      refund: r.refundId ? { id: r.refundId, amount: r.refundAmount ?? 0, method: r.refundMethod ?? '' } : null,
      balance: r.balanceId
        ? {
            id: r.balanceId,
            amount: r.balanceAmount ?? 0,
            state: (r.balanceState ?? 'due') as 'due' | 'paid' | 'collected' | 'cancelled',
            cancelledAmount: r.balanceCancelledSince ?? 0,
          }
        : null,
      balanceCancelled: r.balanceCancelled,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
