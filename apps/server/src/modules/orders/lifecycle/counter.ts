/**
 * The final charge of an order after packing: the counter's settlement. Its lines as packed
 * (Σ coalesce(final_price, price × quantity)), with the order's coupon percent applied again and its
 * delivery fee kept (as an order edit treats them), give the total it should now be. Lower than the
 * current total: the difference is a recorded entry, never a bare overwrite: an `order_edits` row
 * (before and after figures), and on a paid order the refund of the difference (reason
 * `order_edited`, through the opener the caller passes; payments → core only, see refund-hook.ts),
 * after cancelling any balance still unpaid; on cash on delivery the rider simply collects the new
 * total. It never raises the total, never takes it below what other refunds already gave back, and
 * is idempotent: called again with nothing changed it records nothing. Called when packing ends
 * (mark_ready) and whenever a line's packed value changes later (a refused substitute).
 */
import { isPaid } from '@meatshop/shared/order-lifecycle';
import type { Tx } from '../../../db/client.ts';
import type { OrderEditSnapshot } from '../../../db/schema/order-edits.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { findCouponByCode } from '../../coupons/coupons.repository.ts';
import type { OrderRow } from '../orders.repository.ts';
import type { Actor } from './actor.ts';
import { cancelDueBalances } from './balance.ts';
import { packedSubtotal, sumOtherLiveRefunds } from './counter.repository.ts';
import { findOrderLines, insertOrderEdit, writeOrderFigures } from './edit.repository.ts';
import { lockOrderRow } from './lifecycle.repository.ts';
import { announce } from './order-event.ts';
import type { OpenedRefund } from './refund-hook.ts';

export interface SettleOptions {
  /** Opens the refund of the difference on a paid order (payments/refunds.service.ts `editRefunds(...).open`). */
  openRefund?: (tx: Tx, order: OrderRow, amount: number) => Promise<OpenedRefund | null>;
  now?: Date;
}

export interface Settlement {
  /** How much the total went down (0: nothing recorded). */
  lowered: number;
  refund: OpenedRefund | null;
}

/** The order's total as packed, from its subtotal as packed: coupon percent again, delivery fee kept. */
export function packedTotal(order: Pick<OrderRow, 'deliveryFee'>, subtotal: number, couponPercent: number | null) {
  const discount = couponPercent ? Math.round((subtotal * couponPercent) / 100) : 0;
  return { subtotal, discount, total: subtotal + order.deliveryFee - discount };
}

export async function settleCounter(tx: Tx, orderId: string, by: Actor, options: SettleOptions = {}): Promise<Settlement> {
  const none = { lowered: 0, refund: null };
  const order = await lockOrderRow(tx, orderId);
  if (!order || order.status === 'cancelled') return none;
  const coupon = order.couponCode ? await findCouponByCode(tx, order.couponCode) : undefined;
  const packed = packedTotal(order, await packedSubtotal(tx, orderId), coupon?.percent ?? null);
  // Never below what other refunds already gave back: that money is the customer's already.
  const floor = await sumOtherLiveRefunds(tx, orderId);
  const total = Math.max(packed.total, Math.min(floor, order.totalAmount));
  const lowered = order.totalAmount - total;
  if (lowered <= 0) return none;
  if (isPaid(order) && !options.openRefund) throw new Error('settleCounter needs a refund opener for a paid order');

  const written = await writeOrderFigures(tx, orderId, order.status, {
    subtotalAmount: packed.subtotal,
    discountAmount: packed.discount > 0 ? packed.discount : null,
    totalAmount: total,
  });
  if (!written) return none;
  let refund: OpenedRefund | null = null;
  let balanceCancelled = 0;
  if (isPaid(order)) {
    balanceCancelled = await cancelDueBalances(tx, orderId, lowered, options.now);
    const rest = lowered - balanceCancelled;
    // The refund reads the order as it was: what was paid, and what is still refundable, are its.
    if (rest > 0) refund = await options.openRefund!(tx, order, rest);
  }
  const lines = await findOrderLines(tx, orderId);
  const snap = (figures: { subtotal: number; discount: number; total: number }): OrderEditSnapshot => ({
    lines: lines.map((l) => ({ productId: l.productId, productName: l.productName, quantity: l.quantity, price: l.price })),
    ...figures,
    deliveryFee: order.deliveryFee,
    deliveryAsap: order.deliveryAsap,
    deliverySlotStart: order.deliverySlotStart?.toISOString() ?? null,
  });
  await insertOrderEdit(tx, {
    orderId,
    editorRole: by.role === 'customer' ? 'customer' : 'admin',
    // An outlet actor's id is its employee row: the user behind it is the staff member's.
    editedBy: by.staff?.userId ?? (by.role === 'customer' ? (by.id ?? null) : null),
    editorName: by.role === 'customer' ? (by.name ?? 'Customer') : `${by.name ?? by.staff?.name ?? 'Outlet'} (packing)`,
    before: snap({ subtotal: order.subtotalAmount, discount: order.discountAmount ?? 0, total: order.totalAmount }),
    after: snap({ subtotal: packed.subtotal, discount: packed.discount, total }),
    amountDifference: -lowered,
    refundId: refund?.id ?? null,
    balanceCancelled,
  });
  const next = (await lockOrderRow(tx, orderId))!;
  await announce(tx, next, 'updated');
  if (by.staff) {
    await recordAudit(tx, by.staff, {
      entityType: 'order',
      entityId: orderId,
      action: 'update',
      before: { total: order.totalAmount },
      after: { total, refund: refund?.amount ?? null },
    });
  }
  return { lowered, refund };
}
