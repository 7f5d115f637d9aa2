/**
 * A trade business deciding on a buyer's order held over their limit (decision 269). The owner or an
 * approver of the business the order was placed for approves it (it becomes pending, and what
 * placement runs for a dispatchable order runs now: auto-assign) or declines it with a reason (a
 * cancel through the order core: stock, slot place and coupon use go back). Someone from another
 * business, or with no business, reads "Order not found"; a buyer of the same business is refused.
 *
 * The order row is locked before the step: two approvals at once run one after the other, and the
 * second is refused by the transition table ("already approved") with nothing written twice.
 */
import { APPROVING_TRADE_ROLES, TRADE_MESSAGES, type TradeRole } from '@meatshop/shared/trade';
import type { Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { autoAssignIfEnabled } from '../delivery/dispatch.service.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { cancelRefunds } from '../payments/refunds.service.ts';
import { findMembershipByUserId } from '../trade/trade.repository.ts';
import { customerOrderNumber } from '@meatshop/shared/status';
import { approveOrder } from './lifecycle/approve.ts';
import { cancel } from './lifecycle/cancel.ts';
import { lockOrderRow } from './lifecycle/lifecycle.repository.ts';
import { findOrderById } from './orders.repository.ts';
import { goesOutUnpaid } from './orders.service.ts';

/** The caller as the order core records them, once the order is known to be their business's. */
async function approverFor(tx: Tx, userId: string, orderId: string) {
  const m = await findMembershipByUserId(tx, userId);
  const order = m ? await findOrderById(tx, orderId) : undefined;
  // Not a member, or not this business's order: the same answer as an id that does not exist.
  if (!m || !order || order.tradeAccountId !== m.accountId) throw notFound(TRADE_MESSAGES.orderNotFound);
  if (!APPROVING_TRADE_ROLES.includes(m.role as TradeRole)) throw forbidden(TRADE_MESSAGES.approverOnly);
  return { role: 'approver' as const, id: userId, name: m.fullName };
}

export async function approveTradeOrder(deps: Pick<PaymentDeps, 'db'>, userId: string, orderId: string, at = new Date()) {
  return deps.db.transaction(async (tx) => {
    const actor = await approverFor(tx, userId, orderId);
    const order = (await lockOrderRow(tx, orderId))!;
    const approved = await approveOrder(tx, order, actor, at);
    await notifyAdmins(tx, {
      message: `Order #${customerOrderNumber(order.id)} was approved by ${actor.name} for the business: it is ready to prepare`,
      type: 'success',
      orderId: order.id,
    });
    // What placement runs for a cash or on-account order, now that it may go out.
    return goesOutUnpaid(approved) ? ((await autoAssignIfEnabled(tx, order.id)) ?? approved) : approved;
  });
}

export async function declineTradeOrder(deps: PaymentDeps, userId: string, orderId: string, reason: string, at = new Date()) {
  // A held order is never paid (decision 269); the opener is passed so every cancel gives money back alike.
  const refunds = cancelRefunds(deps);
  const declined = await deps.db.transaction(async (tx) => {
    const actor = await approverFor(tx, userId, orderId);
    const order = (await lockOrderRow(tx, orderId))!;
    const { order: cancelled } = await cancel(tx, order, 'approval_declined', actor, { reason, at, openRefund: refunds.open });
    return cancelled;
  });
  await refunds.sendOpened();
  return declined;
}
