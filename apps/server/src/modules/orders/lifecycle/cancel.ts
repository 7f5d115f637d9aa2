/**
 * Cancelling an order, the same way for every cause (customer, rider, admin, unpaid expiry, stock
 * problem). What the order held is given back in one transaction:
 * - its place in its delivery slot and its coupon use, always;
 * - its stock only when the goods are on the shelf: before pickup at once; after pickup the rider
 *   holds them, so they go back when the outlet confirms their return (goods-return.ts);
 * - its money: a paid order opens a full refund through the opener the caller passes
 *   (refund-hook.ts says why it is passed in, not imported).
 * Then one event is published and the customer's messages are queued (order-event.ts).
 */
import { type CancelCause, isPaid, paymentMay } from '@meatshop/shared/order-lifecycle';
import { PAYMENT_WINDOW_MINUTES } from '@meatshop/shared/payments';
import { APPROVAL_WINDOW_HOURS } from '@meatshop/shared/trade';
import { customerOrderNumber, shortOrderId } from '@meatshop/shared/status';
import type { Tx } from '../../../db/client.ts';
import { giveBackForOrder } from '../../inventory/outlet-stock.service.ts';
import { conflict } from '../../../platform/errors.ts';
import { releaseCoupon } from '../../coupons/coupons.repository.ts';
import { releaseDeliverySlot } from '../../delivery/delivery-slots.service.ts';
import { settleRiderStatus } from '../../delivery/rider-status.ts';
import { notifyAdmins } from '../../notifications/notifications.service.ts';
import type { OrderRow } from '../orders.repository.ts';
import { type Actor, assertMay } from './actor.ts';
import { orderItemUnits, writeStatus } from './lifecycle.repository.ts';
import { announce } from './order-event.ts';
import { auditOrderStep } from './staff-audit.ts';
import { type OpenedRefund, openRefundFor, type RefundOpener } from './refund-hook.ts';

export const CANCEL_REASON: Record<CancelCause, string> = {
  customer: 'Cancelled by the customer',
  rider: 'Cancelled by rider',
  admin: 'Cancelled by the shop',
  unpaid_expiry: `Not paid within ${PAYMENT_WINDOW_MINUTES} minutes`,
  stock_problem: 'Some items are out of stock',
  approval_declined: 'Declined by the business',
  approval_expired: `Not approved by the business within ${APPROVAL_WINDOW_HOURS} hours`,
};

export interface CancelResult {
  order: OrderRow;
  /** What went back at the cancel itself. */
  gaveBack: { slotPlace: boolean; couponUse: boolean; stock: boolean };
  /** Cancelled after pickup: the stock returns when the outlet confirms the goods are back. */
  awaitsGoodsReturn: boolean;
  /** Money had been taken: a refund was opened (or, without an opener, the admins were told to). */
  refundOpened: boolean;
  /** The refund opened, if any; a provider refund is sent after the commit by the caller. */
  refund: OpenedRefund | null;
}

export interface CancelOptions {
  /** The customer-facing reason; the cause's own wording when absent. */
  reason?: string;
  at?: Date;
  /** Opens the refund of a paid order (payments/refunds.service.ts `cancelRefunds`). */
  openRefund?: RefundOpener;
}

function adminMessage(order: OrderRow, cause: CancelCause, actor: Actor, reason: string) {
  const number = customerOrderNumber(order.id);
  switch (cause) {
    case 'customer':
      return `Order #${number} was cancelled by the customer`;
    case 'rider':
      return `Order #${shortOrderId(order.id)} was cancelled by rider ${actor.name ?? ''}`.trimEnd();
    case 'admin':
      return `Order #${number} was cancelled by ${actor.name ?? 'an admin'}: ${reason}`;
    case 'approval_declined':
      return `Order #${number} was declined by ${actor.name ?? 'the business'} (trade approval): ${reason}`;
    default:
      return `Order #${number} was cancelled: ${reason.toLowerCase()}`;
  }
}

/** `order` is the row as read under lock (lockOrderRow) in this transaction. */
export async function cancel(
  tx: Tx,
  order: OrderRow,
  cause: CancelCause,
  actor: Actor,
  options: CancelOptions = {},
): Promise<CancelResult> {
  assertMay('cancel', actor, order);
  const { reason, at = new Date(), openRefund } = options;
  const why = reason?.trim() || CANCEL_REASON[cause];
  const onShelf = !order.pickedUpAt;
  // Unpaid and cancelled for it: no payment can come any more, so it is failed, not pending.
  const expire = cause === 'unpaid_expiry' && paymentMay('expire', 'system', order.paymentStatus);
  const next = await writeStatus(tx, order.id, order.status, 'cancelled', {
    cancelledAt: at,
    cancelReason: why,
    goodsReturnedAt: onShelf ? at : null,
    ...(expire ? { paymentStatus: 'failed' } : {}),
    // The business's approver who declined a held order is kept beside the reason.
    ...(cause === 'approval_declined' && actor.id ? { approvalBy: actor.id, approvalByName: actor.name ?? null, approvalAt: at } : {}),
  });
  if (!next) throw conflict('This order was just changed by someone else. Please reload it.');

  const slotPlace = order.deliverySlotStart != null;
  if (slotPlace) await releaseDeliverySlot(tx, order.id);
  if (order.couponCode) await releaseCoupon(tx, order.couponCode);
  if (onShelf) await giveBackForOrder(tx, order, () => orderItemUnits(tx, order.id), 'cancel');
  if (order.riderId && order.status === 'picked_up') await settleRiderStatus(tx, order.riderId, order.id);

  const refundOpened = isPaid(order);
  const refund = refundOpened ? await openRefundFor(tx, next, why, openRefund) : null;
  await notifyAdmins(tx, { type: 'warning', orderId: order.id, message: adminMessage(order, cause, actor, why) });
  // A declined approval is a cancel on the bus; the buyer's message says their business declined it, and why.
  await announce(tx, next, 'cancelled', undefined, cause === 'approval_declined' ? 'approval_declined' : 'cancelled');
  await auditOrderStep(tx, actor, order, next, 'cancel');
  return {
    order: next,
    gaveBack: { slotPlace, couponUse: !!order.couponCode, stock: onShelf },
    awaitsGoodsReturn: !onShelf,
    refundOpened,
    refund,
  };
}
