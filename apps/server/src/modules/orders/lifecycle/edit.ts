/**
 * Editing an order before it is packed: its lines and its delivery time. One transaction, order row
 * locked by the caller:
 * - who may: staff while it is pending or assigned and not yet packed (marked ready) or picked up;
 *   the customer only while it is pending, and only their own;
 * - prices: a line already on the order keeps the price it was ordered at, a new product is priced
 *   now; the order's coupon is applied again to the new subtotal; the delivery fee stays (the place
 *   does not change);
 * - contended rows in the fixed order (docs/decisions/205-stock-locking-order.md): the delivery
 *   slot, then the outlet's stock rows by product id, each a conditional update, so an edit racing
 *   other orders never oversells;
 * - money: until money is taken the total simply changes (cash on delivery: the rider collects the
 *   new total; mobile money or card not yet paid: the payment asks the new total). A paid order
 *   made cheaper opens a refund of the difference through the opener the caller passes (as for a
 *   cancel, refund-hook.ts says why), after first cancelling any balance still unpaid; made dearer
 *   it opens a balance of the difference (balance.ts) and the caller's `onBalanceDue` sends the
 *   customer a link to pay it (docs/decisions/253-order-balances.md). A total below what refunds
 *   already promised is refused;
 * - kept: an `order_edits` row with the order before and after, the difference in its total, and the
 *   balance it opened or cancelled,
 *   then one `updated` event and a note to the admins.
 */
import { isPaid } from '@meatshop/shared/order-lifecycle';
import { ORDER_EDIT_MESSAGES, type OrderEditInput } from '@meatshop/shared/order-edits';
import { formatUGX, unitPrice } from '@meatshop/shared/money';
import { customerOrderNumber } from '@meatshop/shared/status';
import type { Tx } from '../../../db/client.ts';
import type { OrderEditSnapshot } from '../../../db/schema/order-edits.ts';
import { AppError, conflict, invalid } from '../../../platform/errors.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { findCouponByCode } from '../../coupons/coupons.repository.ts';
import { bookDeliveryTime, releaseDeliverySlot } from '../../delivery/delivery-slots.service.ts';
import { mainOutlet } from '../../inventory/main-outlet.ts';
import { adjustForOrderEdit } from '../../inventory/outlet-stock.service.ts';
import { notifyAdmins } from '../../notifications/notifications.service.ts';
import { getShopSettings } from '../../settings/settings.service.ts';
import { findProductsForPricing, type OrderRow } from '../orders.repository.ts';
import type { Actor } from './actor.ts';
import { findOrderLines, insertOrderEdit, replaceOrderLines, sumLiveRefunds, writeOrderFigures } from './edit.repository.ts';
import { cancelDueBalances, openBalance } from './balance.ts';
import type { BalanceRow } from './balance.repository.ts';
import { lockOrderRow } from './lifecycle.repository.ts';
import { announce } from './order-event.ts';
import type { OpenedRefund } from './refund-hook.ts';

export interface EditOptions {
  now?: Date;
  /** Opens the refund of the difference when a paid order gets cheaper (payments/refunds.service.ts `editRefunds`). */
  openRefund?: (tx: Tx, order: OrderRow, amount: number) => Promise<OpenedRefund | null>;
  /**
   * Asks the customer to pay a balance a paid order was made dearer by (pay link and SMS, in this
   * transaction: payments/balance-payments.ts). Without it such an edit is refused.
   */
  onBalanceDue?: (tx: Tx, order: OrderRow, balance: BalanceRow) => Promise<void>;
}

const CHANGED = 'This order was just changed by someone else. Please reload it.';

/** Who may edit this order now; throws the 409 they read otherwise. */
export function assertMayEdit(order: OrderRow, actor: Actor) {
  if (actor.role === 'customer') {
    if (order.userId !== actor.id || order.status !== 'pending') throw conflict(ORDER_EDIT_MESSAGES.customerNotPending);
    return;
  }
  if (actor.role !== 'admin') throw conflict(ORDER_EDIT_MESSAGES.packed);
  if (!['pending', 'assigned'].includes(order.status) || order.readyAt || order.pickedUpAt) throw conflict(ORDER_EDIT_MESSAGES.packed);
}

const slotKey = (asap: boolean, start: Date | string | null) => (asap ? 'asap' : start ? new Date(start).toISOString() : null);

function snapshot(
  lines: OrderEditSnapshot['lines'],
  figures: { subtotal: number; discount: number; deliveryFee: number; total: number },
  slot: { asap: boolean; start: Date | null },
): OrderEditSnapshot {
  return { lines, ...figures, deliveryAsap: slot.asap, deliverySlotStart: slot.start ? slot.start.toISOString() : null };
}

/** `order` is the row read under lock (lockOrderRow) in this transaction. */
export async function editOrder(tx: Tx, order: OrderRow, change: OrderEditInput, actor: Actor, options: EditOptions = {}) {
  const { now = new Date(), openRefund, onBalanceDue } = options;
  assertMayEdit(order, actor);
  const before = await findOrderLines(tx, order.id);
  const held = new Map(before.map((l) => [l.productId, l]));

  // New products are priced now; lines already ordered keep their price.
  const fresh = change.items.filter((i) => !held.has(i.productId)).map((i) => i.productId);
  const priced = new Map((await findProductsForPricing(tx, fresh)).map((p) => [p.id, p]));
  const unknown = change.items.flatMap((item, i) => (held.has(item.productId) || priced.has(item.productId) ? [] : [i]));
  if (unknown.length) {
    const fields = Object.fromEntries(unknown.map((i) => [`items.${i}.productId`, 'This product is no longer available']));
    throw invalid('Some products are no longer available.', fields);
  }
  const after = change.items.map((i) => {
    const old = held.get(i.productId);
    if (old) {
      const { shortQuantity: _, ...kept } = old;
      return { ...kept, quantity: i.quantity };
    }
    const p = priced.get(i.productId)!;
    if (p.options.length > 0) throw conflict(`${p.name} needs its options chosen: add it to a new order from the shop.`);
    // Sold by weight: its amount is chosen in the shop and its stock is grams, not units.
    if (p.weighing) throw conflict(`${p.name} is sold by weight: add it to a new order from the shop.`);
    return {
      productId: p.id,
      productName: p.name,
      quantity: i.quantity,
      price: unitPrice(p),
      options: [],
      note: null,
      pricePerKg: null,
      gramsPerPack: null,
      pieces: false,
      tolerancePercent: null,
      weighedGrams: null,
      weighedPrice: null,
      weighedAt: null,
      finalPrice: null,
      markdownUseBy: null,
      markdownPercent: null,
      regularPrice: null,
    };
  });

  const subtotal = after.reduce((s, l) => s + l.price * l.quantity, 0);
  // The coupon the order redeemed keeps its percent, even if it has expired or run out since.
  const coupon = order.couponCode ? await findCouponByCode(tx, order.couponCode) : undefined;
  const discount = coupon ? Math.round((subtotal * coupon.percent) / 100) : 0;
  const total = subtotal + order.deliveryFee - discount;
  const difference = total - order.totalAmount;

  const wantSlot = change.deliverySlot;
  const slotChanges = wantSlot !== undefined && wantSlot !== slotKey(order.deliveryAsap, order.deliverySlotStart);
  const linesChange =
    after.length !== before.length || after.some((l) => held.get(l.productId)?.quantity !== l.quantity || !held.has(l.productId));
  if (!linesChange && !slotChanges) throw invalid(ORDER_EDIT_MESSAGES.nothing);
  // A line with picked options or a note is keyed by more than its product, and the later weighing
  // step prices it again; editing it here would lose what the customer asked the butcher for.
  if (linesChange && before.some((l) => l.options.length > 0 || l.note)) throw conflict(ORDER_EDIT_MESSAGES.butcherLines);
  // Re-pricing here reads retail prices; a trade order's lines keep their list prices only if left alone.
  if (linesChange && order.tradeAccountId) throw conflict(ORDER_EDIT_MESSAGES.tradeLines);
  // A line already short at packing has its substitute or refund on it: rewriting the lines would lose them.
  if (linesChange && before.some((l) => l.shortQuantity)) throw conflict(ORDER_EDIT_MESSAGES.packed);
  // A weighed line's stock is grams and its price is settled at packing: its packs are not edited here.
  if (linesChange && before.some((l) => l.pricePerKg != null)) throw conflict(ORDER_EDIT_MESSAGES.weighedLines);
  // A near-date line holds units of named batches at that day's markdown: the edit, keyed by product,
  // could neither tell it from a regular line of the product nor price it again.
  if (linesChange && before.some((l) => l.markdownUseBy != null)) throw conflict(ORDER_EDIT_MESSAGES.nearDateLines);
  if (isPaid(order) && ((difference > 0 && !onBalanceDue) || (difference < 0 && !openRefund))) throw conflict(ORDER_EDIT_MESSAGES.paid);
  if (total < (await sumLiveRefunds(tx, order.id))) throw conflict(ORDER_EDIT_MESSAGES.belowRefunded);

  // The contended rows, in the fixed order: the slot, then stock by product id.
  let slot = { deliveryAsap: order.deliveryAsap, deliverySlotStart: order.deliverySlotStart, deliverySlotEnd: order.deliverySlotEnd };
  if (slotChanges) {
    await releaseDeliverySlot(tx, order.id);
    slot = await bookDeliveryTime(tx, wantSlot, now, await getShopSettings(tx));
  }
  const outlet = order.outletId ? { id: order.outletId } : await mainOutlet(tx);
  if (!outlet) throw new AppError('RULE_BROKEN', 'This order has no outlet to take its stock from.');
  const deltas = change.items.map((item, index) => ({
    productId: item.productId,
    name: after[index]!.productName,
    delta: item.quantity - (held.get(item.productId)?.quantity ?? 0),
    index,
  }));
  for (const l of before) {
    if (!change.items.some((i) => i.productId === l.productId)) {
      deltas.push({ productId: l.productId, name: l.productName, delta: -l.quantity, index: -1 });
    }
  }
  await adjustForOrderEdit(tx, outlet, order.id, deltas, actor.id ?? null);

  await replaceOrderLines(tx, order.id, after);
  const written = await writeOrderFigures(tx, order.id, order.status, {
    subtotalAmount: subtotal,
    discountAmount: discount > 0 ? discount : null,
    totalAmount: total,
    ...slot,
  });
  if (!written) throw conflict(CHANGED);
  // Dearer: the difference is a balance to pay. Cheaper: first what is still unpaid is cancelled, then
  // the rest goes back. The refund reads `order` as it was before this edit: what was paid, and what
  // is still refundable, are the old order's (its total less its balance due).
  let balance: BalanceRow | null = null;
  let balanceCancelled = 0;
  let refund: OpenedRefund | null = null;
  if (isPaid(order) && difference > 0) {
    // One balance due at a time, so one link asks everything: an unpaid one is carried into the new.
    balanceCancelled = await cancelDueBalances(tx, order.id, order.balanceDue, now);
    balance = await openBalance(tx, order.id, balanceCancelled + difference);
  }
  if (isPaid(order) && difference < 0) {
    balanceCancelled = await cancelDueBalances(tx, order.id, -difference, now);
    const rest = -difference - balanceCancelled;
    if (rest > 0) refund = await openRefund!(tx, order, rest);
  }
  const next = (await lockOrderRow(tx, order.id))!;

  const edit = await insertOrderEdit(tx, {
    orderId: order.id,
    editorRole: actor.role === 'customer' ? 'customer' : 'admin',
    editedBy: actor.id ?? null,
    editorName: actor.name ?? (actor.role === 'customer' ? 'Customer' : 'Staff'),
    before: snapshot(
      before,
      { subtotal: order.subtotalAmount, discount: order.discountAmount ?? 0, deliveryFee: order.deliveryFee, total: order.totalAmount },
      { asap: order.deliveryAsap, start: order.deliverySlotStart },
    ),
    after: snapshot(
      after,
      { subtotal, discount, deliveryFee: order.deliveryFee, total },
      { asap: slot.deliveryAsap, start: slot.deliverySlotStart },
    ),
    amountDifference: difference,
    refundId: refund?.id ?? null,
    balanceId: balance?.id ?? null,
    balanceCancelled,
  });
  if (balance) await onBalanceDue!(tx, next, balance);
  const by = actor.role === 'customer' ? 'the customer' : (actor.name ?? 'staff');
  const sign = difference > 0 ? '+' : difference < 0 ? '-' : '±';
  await notifyAdmins(tx, {
    type: 'other',
    orderId: order.id,
    message: `Order #${customerOrderNumber(order.id)} was changed by ${by}: total ${formatUGX(total)} (${sign}${formatUGX(Math.abs(difference))})`,
  });
  await announce(tx, next, 'updated');
  if (actor.staff) {
    await recordAudit(tx, actor.staff, {
      entityType: 'order',
      entityId: order.id,
      action: 'update',
      before: { total: order.totalAmount, lines: before.map((l) => `${l.quantity} × ${l.productName}`) },
      after: {
        total,
        lines: after.map((l) => `${l.quantity} × ${l.productName}`),
        refund: refund?.amount ?? null,
        balanceDue: next.balanceDue,
      },
    });
  }
  return { order: next, edit, refund, balance };
}
