/** Orders as the back office reads them: customer, outlet, rider and items, newest first. */
import { lineMarkdown } from '@meatshop/shared/markdowns';
import { substitutionView } from './substitution-view.ts';
import { lineWeight } from '@meatshop/shared/weighing';
import type { AdminOrder, AdminOrderListQuery, AdminOrderPage } from '@meatshop/shared/admin-orders';
import { kampalaDayRange } from '@meatshop/shared/kampala-time';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { phoneDigitsOf } from '../../platform/search-text.ts';
import type { Actor } from './lifecycle/actor.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { cancelRefunds } from '../payments/refunds.service.ts';
import { cancel } from './lifecycle/cancel.ts';
import { lockOrderRow } from './lifecycle/lifecycle.repository.ts';
import {
  type AdminOrderFilter,
  findAdminOrderItems,
  findAdminOrderPage,
  findAdminOrderRows,
  findUserIdsMatching,
} from './orders.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Customers a search may name at most: a search that broad is narrowed by typing more. */
const SEARCH_MAX_CUSTOMERS = 500;

/**
 * The search's meaning: the start of an order number (the first eight hex digits of its id, with or
 * without `#`) finds that order; any text finds the orders of customers whose name or email holds it;
 * three or more digits also match the customer's phone, written with or without 0 or +256.
 */
async function searchOf(db: Tx, q: string): Promise<AdminOrderFilter['search']> {
  const text = q.trim();
  const number = /^#?([0-9a-f]{1,8})$/i.exec(text)?.[1]?.toLowerCase();
  const idRange: [string, string] | null = number
    ? [`${number.padEnd(8, '0')}-0000-0000-0000-000000000000`, `${number.padEnd(8, 'f')}-ffff-ffff-ffff-ffffffffffff`]
    : null;
  const userIds = await findUserIdsMatching(db, text.replace(/^#/, ''), phoneDigitsOf(text), SEARCH_MAX_CUSTOMERS);
  return { userIds, idRange };
}

/** The back office's order list: searched, filtered, sorted and paged in the database. */
export async function listAdminOrders(db: Tx, query: AdminOrderListQuery): Promise<AdminOrderPage> {
  const days = kampalaDayRange(query.from, query.to);
  const filter: AdminOrderFilter = {
    search: query.q ? await searchOf(db, query.q) : undefined,
    statuses: query.status === 'processing' ? ['assigned', 'picked_up'] : query.status ? [query.status] : undefined,
    paymentStatus: query.paymentStatus,
    paymentMethod: query.paymentMethod,
    channel: query.channel,
    outletId: query.outletId,
    riderId: query.riderId === 'none' ? null : query.riderId,
    createdFrom: days.from,
    createdBefore: days.before,
  };
  const { rows, total } = await findAdminOrderPage(db, filter, query.sort, (query.page - 1) * query.pageSize, query.pageSize);
  return { orders: await shapeAdminOrders(db, rows), total, page: query.page, pageSize: query.pageSize };
}

async function shapeAdminOrders(db: Tx, rows: Awaited<ReturnType<typeof findAdminOrderRows>>): Promise<AdminOrder[]> {
  if (!rows.length) return [];
  const items = await findAdminOrderItems(
    db,
    rows.map((r) => r.order.id),
  );
  const byOrder = new Map<string, AdminOrder['items']>();
  const orderOf = new Map(rows.map((r) => [r.order.id, r.order]));
  for (const it of items) {
    const list = byOrder.get(it.orderId) ?? [];
    list.push({
      id: it.id,
      productId: it.productId,
      productName: it.productName,
      imageUrl: it.imageUrls?.[0] ?? null,
      quantity: it.quantity,
      price: it.price,
      options: it.options,
      note: it.note,
      substitution: substitutionView(it, orderOf.get(it.orderId)!),
      weight: lineWeight(it),
      markdown: lineMarkdown(it),
    });
    byOrder.set(it.orderId, list);
  }
  return rows.map(({ order: o, user, outletId, outletName, riderId, riderName, riderPhone }) => ({
    id: o.id,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
    subtotalAmount: o.subtotalAmount,
    deliveryFee: o.deliveryFee,
    totalAmount: o.totalAmount,
    discountAmount: o.discountAmount,
    couponCode: o.couponCode,
    shippingAddress: o.shippingAddress,
    deliveryInstructions: o.deliveryInstructions,
    createdAt: o.createdAt.toISOString(),
    assignedAt: iso(o.assignedAt),
    pickedUpAt: iso(o.pickedUpAt),
    deliveredAt: iso(o.deliveredAt),
    cancelledAt: iso(o.cancelledAt),
    cancelReason: o.cancelReason,
    goodsReturnedAt: iso(o.goodsReturnedAt),
    user,
    outlet: outletId ? { id: outletId, name: outletName ?? '' } : null,
    rider: riderId ? { id: riderId, fullName: riderName ?? '', phone: riderPhone ?? '' } : null,
    deliveryPhotoUrl: o.deliveryPhotoUrl,
    items: byOrder.get(o.id) ?? [],
    channel: o.channel as AdminOrder['channel'],
    takenByName: o.takenByName,
    balanceDue: o.balanceDue,
  }));
}

export async function getAdminOrder(db: Tx, id: string) {
  const [o] = await shapeAdminOrders(db, await findAdminOrderRows(db, { id }));
  if (!o) throw notFound('Order not found');
  return o;
}

/**
 * An admin cancels any open order, with a reason: the order core gives back what it held (stock
 * only once the goods are at the outlet) and opens a refund when it was paid.
 */
export async function cancelOrderAsAdmin(deps: PaymentDeps, admin: Actor, id: string, reason: string) {
  const refunds = cancelRefunds(deps);
  await deps.db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, id);
    if (!order) throw notFound('Order not found');
    await cancel(tx, order, 'admin', admin, { reason, openRefund: refunds.open });
  });
  await refunds.sendOpened();
  return getAdminOrder(deps.db, id);
}
