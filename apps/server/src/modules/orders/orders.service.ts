/**
 * The customer's side of orders: placing one (one transaction: prices from the database, coupon
 * redeemed, the nearest outlet holding every line chosen and its stock taken, order and items written, admins told), listing and
 * reading their own orders, and cancelling one while it is still pending (through the order core).
 * Staff taking an order for a customer (staff-orders.service.ts) place it through the same
 * `placeOrder`, with an `OrderOrigin` saying the channel and who took it: one pricing, stock and
 * coupon path for every order.
 */
import { randomUUID } from 'node:crypto';
import { holdWritesUntilCommit } from '../../db/commit-with.ts';
import { autoAssignIfEnabled } from '../delivery/dispatch.service.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { COUPON_MESSAGES } from '@meatshop/shared/coupons';
import { CART_LINE_MAX_QTY, LOW_STOCK_THRESHOLD } from '@meatshop/shared/constants';
import { resolveTradePrice, tradeQuantityRefusal } from '@meatshop/shared/trade-prices';
import { computeTotals, formatUGX, unitPrice } from '@meatshop/shared/money';
import type { CheckoutData, Order } from '@meatshop/shared/orders';
import { MARKDOWN_MESSAGES, markdownPrice } from '@meatshop/shared/markdowns';
import { priceWithOptions } from '@meatshop/shared/product-options';
import { defaultAmount, estimateFor, WEIGHING_MESSAGES } from '@meatshop/shared/weighing';
import { customerOrderNumber, ORDER_CHANNEL_LABEL, type OrderChannel, PAYMENT_METHOD_LABEL } from '@meatshop/shared/status';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound, pgErrorCode } from '../../platform/errors.ts';
import { couponUseStatement, findUsableCoupon, isCouponUsedUp } from '../coupons/coupons.repository.ts';
import { bookDeliveryTime } from '../delivery/delivery-slots.service.ts';
import { deliveryFeeFor } from '../delivery/zones.service.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { cancelRefunds } from '../payments/refunds.service.ts';
import { nearDateOffers } from '../inventory/markdowns.service.ts';
import { allocateOutlet, type StockLine, type TakenLine, takeForOrderAndCommit } from '../inventory/outlet-stock.service.ts';
import { cancel } from './lifecycle/cancel.ts';
import { lockOrderRow } from './lifecycle/lifecycle.repository.ts';
import { openOrder } from './lifecycle/open-order.ts';
import { enforceOrderLimits } from './order-limits.ts';
import { placedSubstitution } from './substitution-view.ts';
import { checkLineChoices, rememberLineChoices } from './substitutions.service.ts';
import { shapeOrder, toOrderView, toOrderViews } from './order-view.ts';
import { needsApproval, tradePricingForOrder } from '../trade/trade-prices.service.ts';
import { holdCredit } from '../trade/credit.service.ts';
import { askApprovers } from '../trade/trade.service.ts';
import {
  findOrderById,
  findOrderByIdempotencyKey,
  findOrdersByUserId,
  findProductsForPricing,
  insertOrderItems,
  type OrderRow,
} from './orders.repository.ts';

const ORDER_NOT_FOUND = 'Order not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PlaceResult {
  order: Order;
  /** False when an earlier request with the same Idempotency-Key already created it. */
  created: boolean;
}

/** Where an order came in, and the staff member who took it when it was not the web shop. */
export interface OrderOrigin {
  channel: OrderChannel;
  takenBy?: { id: string; name: string };
  /** Work that belongs in the placing transaction after the order exists (the payment-link SMS of a staff order). */
  afterOpen?: (tx: Tx, order: OrderRow) => Promise<void>;
  /** The refusal for a blocked customer, when staff rather than the customer are placing it. */
  blockedRefusal?: string;
}

const WEB: OrderOrigin = { channel: 'web' };

export async function placeOrder(
  db: Db,
  userId: string,
  input: CheckoutData,
  idempotencyKey?: string,
  now: Date = new Date(),
  origin: OrderOrigin = WEB,
): Promise<PlaceResult> {
  if (idempotencyKey) {
    const existing = await findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (existing) return { order: await toOrderView(db, existing), created: false };
  }
  try {
    const plan = await planPlacement(db, userId, input, now);
    const placed = await db.transaction((tx) => placeInTransaction(tx, plan, userId, input, idempotencyKey, now, origin));
    await tellStockCrossings(db, placed.moves);
    // Shaped from what the placement already holds: a new order has exactly these items and this
    // outlet, and no refunds, so the answer costs no read after COMMIT.
    return { order: shapeOrder(placed.row, placed.items, placed.outlet, []), created: true };
  } catch (err) {
    // A double submit raced past the first look-up: the unique (user, key) index let one through.
    if (idempotencyKey && pgErrorCode(err) === '23505') {
      const existing = await findOrderByIdempotencyKey(db, userId, idempotencyKey);
      if (existing) return { order: await toOrderView(db, existing), created: false };
    }
    throw err;
  }
}

/**
 * What a placement reads, before BEGIN: the settings, prices from the database (a price the client
 * sends is never read), the member's trade prices, the zone's fee, the coupon, near-date offers, what
 * to do with a short line, and the outlet that can pack every line. A refusal here writes nothing.
 */
async function planPlacement(tx: Tx, userId: string, input: CheckoutData, now: Date) {
  // Read once for the whole placement: limits, default fee, hours and auto-assign all come from here.
  const settings = await getShopSettings(tx);
  const products = await findProductsForPricing(
    tx,
    input.items.map((i) => i.productId),
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  // A member of an approved trade account orders for the business, on its price lists (one query).
  const trade = await tradePricingForOrder(
    tx,
    userId,
    products.map((p) => p.id),
    now,
  );
  const unknown = input.items.flatMap((item, i) => (byId.has(item.productId) ? [] : [i]));
  if (unknown.length > 0) {
    const fields = Object.fromEntries(unknown.map((i) => [`items.${i}.productId`, 'This product is no longer available']));
    throw invalid('Some products in your cart are no longer available. Please review your cart.', fields);
  }

  // The fee of the delivery zone holding the point; a point outside every zone is refused here.
  const { fee: deliveryFee } = await deliveryFeeFor(tx, input.location.lat, input.location.lng, settings);

  let couponPercent: number | null = null;
  if (input.couponCode) {
    const coupon = await findUsableCoupon(tx, input.couponCode);
    if (!coupon) throw invalid(COUPON_MESSAGES.invalid, { couponCode: COUPON_MESSAGES.invalid });
    couponPercent = coupon.percent;
  }

  // Today's near-date offers of the products asked for at an offer's price (one grouped read).
  const nearDate = input.items.some((i) => i.bestBefore)
    ? await nearDateOffers(
        tx,
        input.items.filter((i) => i.bestBefore).map((i) => i.productId),
      )
    : undefined;

  // Each line priced here from the product and its picked options; a price the client sends is never read.
  // A weighed product's price and option changes are per kg: one pack's estimate is that × its grams.
  // A near-date line is the category's percent off that unit price, while the offer lasts.
  const refused: Record<string, string> = {};
  const lines = input.items.map((item, i) => {
    const product = byId.get(item.productId)!;
    // The base price: the member's list price (a household's is retail), then the options on top.
    const base = trade ? resolveTradePrice(product, trade.lines.get(product.id) ?? [], trade.day) : null;
    const quantityRefusal = base
      ? tradeQuantityRefusal(product.name, base, item.quantity)
      : item.quantity > CART_LINE_MAX_QTY
        ? `Quantity cannot be more than ${CART_LINE_MAX_QTY}`
        : null;
    if (quantityRefusal) refused[`items.${i}.quantity`] = quantityRefusal;
    const priced = priceWithOptions(product.name, base?.unitPrice ?? unitPrice(product), product.options, item.options);
    if (!priced.ok) refused[`items.${i}.options`] = priced.message;
    const w = product.weighing;
    const grams = w ? (item.grams ?? defaultAmount(w)) : undefined;
    if (w && (grams === undefined || !w.amounts.includes(grams))) refused[`items.${i}.grams`] = WEIGHING_MESSAGES.amount(product.name);
    const perUnit = priced.ok ? priced.unitPrice : 0;
    let markdown: { useBy: string; percent: number; regularPrice: number } | null = null;
    if (item.bestBefore) {
      const offer = nearDate?.offers.get(product.id)?.find((o) => o.useBy === item.bestBefore);
      if (w) refused[`items.${i}.bestBefore`] = MARKDOWN_MESSAGES.weighed(product.name);
      else if (!offer) refused[`items.${i}.bestBefore`] = MARKDOWN_MESSAGES.ended(product.name, item.bestBefore);
      else markdown = { useBy: offer.useBy, percent: offer.percent, regularPrice: perUnit };
    }
    return {
      product,
      quantity: item.quantity,
      options: priced.ok ? priced.chosen : [],
      note: item.note ?? null,
      price: markdown ? markdownPrice(perUnit, markdown.percent) : w && grams ? estimateFor(perUnit, grams) : perUnit,
      weight: w && grams ? { pricePerKg: perUnit, gramsPerPack: grams, pieces: w.pieces, tolerancePercent: w.tolerancePercent } : null,
      markdown,
    };
  });
  const firstRefusal = Object.values(refused)[0];
  if (firstRefusal) throw invalid(firstRefusal, refused);
  // What to do if a line is short at packing, checked before anything is written.
  const choices = await checkLineChoices(tx, input.items);
  const totals = computeTotals({
    lines: lines.map((l) => ({ product: { price: l.price, discountPrice: null }, quantity: l.quantity })),
    couponPercent,
    deliveryFee,
  });
  // A buyer over their limit: placed all the same (priced, credit held, stock taken, so approving
  // cannot fail for want of them), but held for the business's approver (decision 269).
  const held = trade ? needsApproval(trade, totals.total, input.paymentMethod) : false;
  // The outlet that packs the order: the nearest active one holding every line. Read here, before any
  // contended lock; the conditional updates below re-check each row. Two lines of one product with
  // different options draw on the same stock row, so they are one stock line.
  const stockByProduct = new Map<string, StockLine>();
  // A weighed product's stock is in grams: its lines reserve their estimated grams.
  lines.forEach((l, index) => {
    const need = l.weight ? l.weight.gramsPerPack * l.quantity : l.quantity;
    let s = stockByProduct.get(l.product.id);
    if (s) s.quantity += need;
    else {
      s = { productId: l.product.id, name: l.product.name, quantity: need, index, grams: !!l.weight };
      stockByProduct.set(l.product.id, s);
    }
    // A near-date line's units come from batches with its use-by date (lines of one date summed).
    if (l.markdown) {
      s.nearDate ??= [];
      const same = s.nearDate.find((o) => o.useBy === l.markdown!.useBy);
      if (same) same.quantity += l.quantity;
      else s.nearDate.push({ useBy: l.markdown.useBy, quantity: l.quantity, index });
    }
  });
  const stockLines = [...stockByProduct.values()];
  const outlet = await allocateOutlet(tx, stockLines, input.location.lat, input.location.lng, nearDate?.held);
  return { settings, trade, couponPercent, lines, choices, totals, held, stockLines, outlet };
}

type PlacementPlan = Awaited<ReturnType<typeof planPlacement>>;

/**
 * The placement's writes, in one transaction. Everything that needs no contended lock comes first
 * (the customer's limits, writing the order); the rows every order fights over (the outlet's stock
 * rows, the coupon's use count) are taken last, in one fixed order (products by id, then the coupon),
 * so each is held only until COMMIT and concurrent orders cannot deadlock. What it reads was read by
 * `planPlacement` before BEGIN (each read sees the latest committed rows either way), so the
 * transaction holds its connection only for the writes: on the embedded database, whose one
 * connection every other request waits for while a transaction is open, that is most of what an
 * order costs the others.
 */
async function placeInTransaction(
  tx: Tx,
  plan: PlacementPlan,
  userId: string,
  input: CheckoutData,
  idempotencyKey: string | undefined,
  now: Date,
  origin: OrderOrigin,
) {
  const { settings, trade, couponPercent, lines, choices, totals, held, stockLines, outlet } = plan;
  // Every path that commits ends in takeForOrderAndCommit, and nothing here reads back the items,
  // choices, messages, notices or events it writes: they go out with the COMMIT.
  holdWritesUntilCommit(tx);
  // First, before any shared row: the customer's lock, then their open orders and orders per minute.
  const customer = await enforceOrderLimits(tx, userId, idempotencyKey, settings, origin.blockedRefusal);
  // On account: the business's row is locked here, the first contended row of a placement (before
  // the slot, the stock and the coupon; decision 265), and the order refused past the credit limit.
  if (input.paymentMethod === 'on_account') await holdCredit(tx, trade?.accountId ?? null, totals.total, now);
  const outletId = outlet.id;
  // Hours, same-day cut-off and the slot's capacity. One slot row per order, taken
  // before the products' rows in every order, so the lock order stays fixed.
  const deliveryTime = await bookDeliveryTime(tx, input.deliverySlot, now, settings);
  const order = await openOrder(
    tx,
    {
      userId,
      outletId,
      paymentMethod: input.paymentMethod,
      subtotalAmount: totals.subtotal,
      deliveryFee: totals.deliveryFee,
      totalAmount: totals.total,
      discountAmount: totals.discount > 0 ? totals.discount : null,
      couponCode: couponPercent != null ? (input.couponCode ?? null) : null,
      shippingAddress: {
        full_name: input.contact.fullName,
        email: input.contact.email,
        phone: input.contact.phone,
        street: input.address.street,
        city: input.address.city,
        state: input.address.state,
        postal_code: input.address.postalCode,
        country: input.address.country,
        formatted_address: input.address.formattedAddress,
      },
      deliveryLatitude: input.location.lat,
      deliveryLongitude: input.location.lng,
      deliveryInstructions: input.deliveryInstructions ?? null,
      mobileMoneyPhone: input.mobileMoneyPhone ?? null,
      idempotencyKey: idempotencyKey ?? null,
      channel: origin.channel,
      takenBy: origin.takenBy?.id ?? null,
      takenByName: origin.takenBy?.name ?? null,
      tradeAccountId: trade?.accountId ?? null,
      ...deliveryTime,
    },
    held,
    customer,
  );
  const items = lines.map((l, k) => ({
    id: randomUUID(),
    orderId: order.id,
    productId: l.product.id,
    productName: l.product.name,
    quantity: l.quantity,
    price: l.price,
    options: l.options,
    note: l.note,
    substitutionPreference: choices[k]!.preference,
    alternativeProductId: choices[k]!.alternative?.productId ?? null,
    alternativeName: choices[k]!.alternative?.name ?? null,
    pricePerKg: l.weight?.pricePerKg ?? null,
    gramsPerPack: l.weight?.gramsPerPack ?? null,
    pieces: l.weight?.pieces ?? false,
    tolerancePercent: l.weight?.tolerancePercent ?? null,
    weighedGrams: null,
    finalPrice: null,
    markdownUseBy: l.markdown?.useBy ?? null,
    markdownPercent: l.markdown?.percent ?? null,
    regularPrice: l.markdown?.regularPrice ?? null,
  }));
  await insertOrderItems(tx, items);
  await rememberLineChoices(
    tx,
    userId,
    lines.map((l, k) => ({ productId: l.product.id, choice: choices[k]! })),
  );
  // In the order every later read lists them (findItemsForOrders sorts by name).
  const itemViews = items
    .map((i, k) => ({
      ...i,
      ...placedSubstitution(choices[k]!.preference, choices[k]!.alternative),
      lineId: i.id,
      imageUrls: lines[k]!.product.imageUrls,
    }))
    .sort((a, b) => a.productName.localeCompare(b.productName));
  const takenBy = origin.takenBy ? `, ${ORDER_CHANNEL_LABEL[origin.channel].toLowerCase()} order taken by ${origin.takenBy.name}` : '';
  const waits = held ? ', awaiting the business’s approval' : '';
  await notifyAdmins(tx, {
    message: `New order #${customerOrderNumber(order.id)} from ${input.contact.fullName}: ${formatUGX(order.totalAmount)} (${PAYMENT_METHOD_LABEL[input.paymentMethod]}${takenBy}${waits})`,
    type: 'success',
    orderId: order.id,
  });

  // The business's owner and approvers hear that an order waits for them.
  if (held && trade) await askApprovers(tx, trade.accountId, order, input.contact.fullName);
  await origin.afterOpen?.(tx, order);
  // A cash or on-account order can go out at once; with auto-assign on it goes to the suggested rider.
  // A held order waits: approving it runs this step then (order-approvals.service.ts).
  // Before the stock: it locks only this order's own row and reads the riders, and a refusal below
  // rolls the assignment back with the order, so none of it is done while a shared row is held.
  const row = !held && goesOutUnpaid(order) ? ((await autoAssignIfEnabled(tx, order, settings)) ?? order) : order;

  // The contended rows, last, each held from here to COMMIT: the outlet's stock rows (one statement
  // for all of them, in product id order), then the coupon's use count (counted only while still
  // usable: two orders racing for a coupon's last use cannot both get it), then the COMMIT, sent
  // together so the rows wait on no turn of this event loop. The transaction ends here.
  let moves: TakenLine[];
  try {
    moves = await takeForOrderAndCommit(
      tx,
      outlet,
      order.id,
      stockLines,
      userId,
      settings.sellByDaysBeforeUseBy,
      input.couponCode ? [couponUseStatement(input.couponCode)] : [],
    );
  } catch (err) {
    if (isCouponUsedUp(err)) throw invalid(COUPON_MESSAGES.invalid, { couponCode: COUPON_MESSAGES.invalid });
    throw err;
  }
  return { row, items: itemViews, outlet, moves };
}

/**
 * The admins hear when an order takes a product out of stock or below the low-stock line (rare). After
 * COMMIT, since the stock is taken by the transaction's last message: a failure here leaves the order
 * placed (the stock screens show the figure all the same), so it is not the customer's error.
 */
async function tellStockCrossings(db: Db, moves: TakenLine[]) {
  for (const m of moves) {
    const message =
      m.after === 0
        ? `${m.name} is now out of stock`
        : m.before > LOW_STOCK_THRESHOLD && m.after <= LOW_STOCK_THRESHOLD
          ? `Low stock: ${m.name} has ${m.after} left`
          : null;
    if (message) await notifyAdmins(db, { message, type: 'warning' }).catch(() => {});
  }
}

/** A cash or on-account order needs no payment before a rider takes it. */
export const goesOutUnpaid = (order: Pick<OrderRow, 'paymentMethod'>) =>
  order.paymentMethod === 'cash_on_delivery' || order.paymentMethod === 'on_account';

export async function listCustomerOrders(db: Db, userId: string): Promise<Order[]> {
  return toOrderViews(db, await findOrdersByUserId(db, userId));
}

/** Another customer's order answers exactly like an unknown id. */
async function findOwnOrder(tx: Tx, userId: string, id: string) {
  if (!UUID.test(id)) return undefined;
  const row = await findOrderById(tx, id);
  return row && row.userId === userId ? row : undefined;
}

export async function getCustomerOrder(db: Db, userId: string, id: string): Promise<Order> {
  const row = await findOwnOrder(db, userId, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toOrderView(db, row);
}

/**
 * Today the transition table lets a customer cancel only an unpaid order; the refund opener is
 * passed all the same, so a rule change there cannot cancel a paid order without its refund.
 */
export async function cancelCustomerOrder(deps: PaymentDeps, userId: string, id: string): Promise<Order> {
  const refunds = cancelRefunds(deps);
  const view = await deps.db.transaction(async (tx) => {
    if (!(await findOwnOrder(tx, userId, id))) throw notFound(ORDER_NOT_FOUND);
    const order = (await lockOrderRow(tx, id))!;
    const { order: cancelled } = await cancel(tx, order, 'customer', { role: 'customer', id: userId }, { openRefund: refunds.open });
    return toOrderView(tx, cancelled);
  });
  await refunds.sendOpened();
  return view;
}
