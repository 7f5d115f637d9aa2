/**
 * The butcher's counter in the order core: a packer weighing a weighed line, and the final charge
 * once packing ends (`settleCounter`). A line's final price is only ever at or below its estimate,
 * so an order's total after packing is only ever at or below what was agreed at checkout; the
 * difference is a recorded entry (a `counter_settlements` row, and on a paid order a refund),
 * never an overwrite (docs/decisions/257-sold-by-weight.md).
 */
import { isPaid } from '@meatshop/shared/order-lifecycle';
import { formatUGX } from '@meatshop/shared/money';
import { customerOrderNumber } from '@meatshop/shared/status';
import { type OutletWeighInput, WEIGHING_MESSAGES, weighedPrice, withinTolerance } from '@meatshop/shared/weighing';
import type { Tx } from '../../../db/client.ts';
import { AppError, conflict, notFound } from '../../../platform/errors.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { findCouponByCode } from '../../coupons/coupons.repository.ts';
import { adjustForOrderEdit } from '../../inventory/outlet-stock.service.ts';
import { queueWeighedMessage } from '../../messages/order-messages.ts';
import { notifyAdmins } from '../../notifications/notifications.service.ts';
import type { OrderRow } from '../orders.repository.ts';
import type { Actor } from './actor.ts';
import { cancelDueBalances } from './balance.ts';
import {
  findCounterLine,
  findCounterLines,
  findUnweighedLineNames,
  hasWeighedLines,
  insertSettlement,
  sumOtherLiveRefunds,
  writeLineWeight,
  writeSettledFigures,
} from './counter.repository.ts';
import { lockOrderRow } from './lifecycle.repository.ts';
import { announce } from './order-event.ts';
import type { OpenedRefund } from './refund-hook.ts';

export interface SettleOptions {
  /** Opens the refund of the difference on a paid order (payments/refunds.service.ts `counterRefunds`). */
  openRefund?: (tx: Tx, order: OrderRow, amount: number) => Promise<OpenedRefund | null>;
  now?: Date;
}

const CHANGED = 'This order was just changed by someone else. Please reload it.';

/** Still at the outlet and not packed: the only time its weights may change. */
function assertWeighable(order: OrderRow) {
  if (order.readyAt || order.pickedUpAt || !['pending', 'assigned'].includes(order.status)) throw conflict(WEIGHING_MESSAGES.packed);
}

/**
 * Records what the packer weighed for a line (all its packs together). Outside the tolerance it is
 * refused until the packer confirms it. The outlet's stock follows the weight: the difference from
 * what the line held (its estimate, or an earlier weighing) goes back to or comes from the shelf, as
 * an `order` ledger row, so a later cancel gives back exactly what was weighed out.
 * `order` is the row read under lock (lockOrderRow) in this transaction.
 */
export async function weighLine(tx: Tx, order: OrderRow, itemId: string, input: Required<OutletWeighInput>, actor: Actor) {
  assertWeighable(order);
  const line = await findCounterLine(tx, order.id, itemId);
  if (!line) throw notFound('This line is not on the order.');
  if (line.pricePerKg == null || line.gramsPerPack == null) throw conflict(WEIGHING_MESSAGES.notWeighed);
  if (line.shortQuantity) throw conflict('This line is marked short: there is nothing of it to weigh.');
  const estimatedGrams = line.gramsPerPack * line.quantity;
  if (!input.confirmOutside && !withinTolerance(estimatedGrams, input.grams, line.tolerancePercent ?? 10)) {
    const message = WEIGHING_MESSAGES.outside(estimatedGrams, input.grams);
    throw new AppError('CONFLICT', message, { confirmOutside: message });
  }
  if (!order.outletId) throw new AppError('RULE_BROKEN', 'This order has no outlet to weigh it at.');
  const held = line.weighedGrams ?? estimatedGrams;
  await adjustForOrderEdit(
    tx,
    { id: order.outletId },
    order.id,
    [{ productId: line.productId, name: line.productName, delta: input.grams - held, index: 0, grams: true }],
    actor.staff?.userId ?? actor.id ?? null,
    'Weighed at packing',
  );
  const price = weighedPrice(line.pricePerKg, input.grams, line.price * line.quantity);
  await writeLineWeight(tx, line.id, {
    weighedGrams: input.grams,
    weighedPrice: price.weighed,
    finalPrice: price.final,
    weighedAt: new Date(),
  });
  if (actor.staff) {
    await recordAudit(tx, actor.staff, {
      entityType: 'order',
      entityId: order.id,
      action: 'update',
      before: { line: line.productName, grams: line.weighedGrams ?? null },
      after: { line: line.productName, grams: input.grams, finalPrice: price.final, absorbed: price.absorbed },
    });
  }
  return { ...line, weighedGrams: input.grams, finalPrice: price.final, absorbed: price.absorbed };
}

/** Tells the customer the weights and the final amount, once packing of an order with weighed lines ended. */
export async function tellWeighed(tx: Tx, order: OrderRow, totalBefore: number) {
  const lines = (await findCounterLines(tx, order.id)).filter((l) => l.gramsPerPack != null && l.weighedGrams != null);
  if (!lines.length) return;
  await queueWeighedMessage(tx, {
    orderId: order.id,
    lines: lines.map((l) => ({ name: l.productName, estimatedGrams: l.gramsPerPack! * l.quantity, weighedGrams: l.weighedGrams! })),
    totalBefore,
    totalAfter: order.totalAmount,
    cashOnDelivery: order.paymentMethod === 'cash_on_delivery',
  });
}

/** Refuses the end of packing while a weighed line is unweighed: the 409 a packer can act on. */
export async function assertWeighed(tx: Tx, orderId: string) {
  const names = await findUnweighedLineNames(tx, orderId);
  if (names.length) throw conflict(WEIGHING_MESSAGES.unweighed(names));
}

/** A rider may not take out an order with weighed lines before it is packed (its price is not final). */
export async function assertPackedForPickup(tx: Tx, order: OrderRow) {
  if (!order.readyAt && (await hasWeighedLines(tx, order.id))) throw conflict(WEIGHING_MESSAGES.pickupUnweighed);
}

/**
 * The order's total after packing, from Σ coalesce(final_price, price × quantity) over its lines, the
 * order's coupon percent applied again and the delivery fee kept (as an edit does). Lower than the
 * current total: the difference is recorded (a `counter_settlements` row), an unpaid balance is
 * cancelled first and the rest refunded on a paid order; on cash on delivery the rider simply
 * collects the lower total. Never raises a total. Idempotent: nothing changed, nothing recorded.
 */
export async function settleCounter(tx: Tx, orderId: string, by: Actor, options: SettleOptions = {}) {
  const order = await lockOrderRow(tx, orderId);
  if (!order) throw notFound('Order not found');
  if (order.status === 'cancelled' || order.status === 'delivered') return null;
  const lines = await findCounterLines(tx, orderId);
  const subtotal = lines.reduce((s, l) => s + (l.finalPrice ?? l.price * l.quantity), 0);
  const coupon = order.couponCode ? await findCouponByCode(tx, order.couponCode) : undefined;
  const discount = coupon ? Math.round((subtotal * coupon.percent) / 100) : 0;
  // Never below what other refunds (goodwill, a damaged item) already gave back: that money is the
  // customer's already, and more would go back than was paid.
  const floor = await sumOtherLiveRefunds(tx, orderId);
  const total = Math.max(subtotal + order.deliveryFee - discount, Math.min(floor, order.totalAmount));
  if (total >= order.totalAmount) return null;
  const difference = order.totalAmount - total;

  const written = await writeSettledFigures(tx, orderId, order.totalAmount, {
    subtotalAmount: subtotal,
    discountAmount: discount > 0 ? discount : null,
    totalAmount: total,
  });
  if (!written) throw conflict(CHANGED);
  let refund: OpenedRefund | null = null;
  let balanceCancelled = 0;
  if (isPaid(order)) {
    balanceCancelled = await cancelDueBalances(tx, orderId, difference, options.now ?? new Date());
    const rest = difference - balanceCancelled;
    // The refund reads `order` as it was before: what was paid and what is refundable are the old order's.
    if (rest > 0 && options.openRefund) refund = await options.openRefund(tx, order, rest);
    else if (rest > 0) {
      await notifyAdmins(tx, {
        type: 'error',
        orderId,
        message: `Order #${customerOrderNumber(orderId)} was packed ${formatUGX(rest)} under what was paid: refund it.`,
      });
    }
  }
  const settlement = await insertSettlement(tx, {
    orderId,
    settledBy: by.staff?.userId ?? (by.role === 'admin' ? (by.id ?? null) : null),
    settlerName: by.name ?? by.staff?.name ?? 'Staff',
    totalBefore: order.totalAmount,
    totalAfter: total,
    subtotalAfter: subtotal,
    discountAfter: discount,
    amountDifference: -difference,
    refundId: refund?.id ?? null,
    balanceCancelled,
  });
  const next = (await lockOrderRow(tx, orderId))!;
  await announce(tx, next, 'updated');
  return { order: next, settlement, refund, difference };
}
