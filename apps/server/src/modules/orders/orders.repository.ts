/** Order queries: the only code here that touches the orders and order_items tables. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { deliveryRiders, users } from '../../db/schema/accounts.ts';
import { products } from '../../db/schema/catalog.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { outlets } from '../../db/schema/outlets.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The fields pricing needs, for products still on sale (archived ones cannot be ordered). */
export async function findProductsForPricing(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      discountPrice: products.discountPrice,
      imageUrls: products.imageUrls,
    })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.isArchived, false)));
}

export async function insertOrderItems(tx: Tx, values: (typeof orderItems.$inferInsert)[]) {
  await tx.insert(orderItems).values(values);
}

export async function findOrderByIdempotencyKey(tx: Tx, userId: string, key: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function findOrderById(tx: Tx, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** A list of ids as one value, so the prepared statement is the same for any number of them. */
const anyOf = (column: typeof orderItems.orderId | typeof outlets.id, name: string) =>
  sql`${column} = any(${sql.placeholder(name)}::uuid[])`;

/** A customer's newest orders: prepared once (see db/prepared.ts), by the (user_id, created_at) index. */
export async function findOrdersByUserId(tx: Tx, userId: string, limit = 100) {
  return runPrepared(
    tx,
    'orders_by_user',
    (q) =>
      q
        .select()
        .from(orders)
        .where(eq(orders.userId, sql.placeholder('userId')))
        .orderBy(desc(orders.createdAt))
        .limit(sql.placeholder('limit')),
    { userId, limit },
  );
}

/** Items of several orders with the product's first image, for list and detail screens. */
export async function findItemsForOrders(tx: Tx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return runPrepared(
    tx,
    'order_items_for_orders',
    (q) =>
      q
        .select({
          orderId: orderItems.orderId,
          productId: orderItems.productId,
          productName: orderItems.productName,
          quantity: orderItems.quantity,
          price: orderItems.price,
          imageUrls: products.imageUrls,
        })
        .from(orderItems)
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(anyOf(orderItems.orderId, 'orderIds'))
        .orderBy(orderItems.productName),
    { orderIds },
  );
}

export async function findOutletsByIds(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return runPrepared(
    tx,
    'outlets_by_ids',
    (q) =>
      q
        .select({ id: outlets.id, name: outlets.name, address: outlets.address, phone: outlets.phone })
        .from(outlets)
        .where(anyOf(outlets.id, 'ids')),
    { ids },
  );
}

/** What the back office's order table shows of an order (not the whole row). */
const adminOrderColumns = {
  id: orders.id,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  subtotalAmount: orders.subtotalAmount,
  deliveryFee: orders.deliveryFee,
  totalAmount: orders.totalAmount,
  discountAmount: orders.discountAmount,
  couponCode: orders.couponCode,
  shippingAddress: orders.shippingAddress,
  deliveryInstructions: orders.deliveryInstructions,
  createdAt: orders.createdAt,
  assignedAt: orders.assignedAt,
  pickedUpAt: orders.pickedUpAt,
  deliveredAt: orders.deliveredAt,
  cancelledAt: orders.cancelledAt,
  cancelReason: orders.cancelReason,
  goodsReturnedAt: orders.goodsReturnedAt,
  deliveryPhotoUrl: orders.deliveryPhotoUrl,
};

/**
 * Orders for the back office with customer, outlet and rider: the one order `id`, or the newest
 * `limit` (500 by default). Both prepared once.
 */
export async function findAdminOrderRows(tx: Tx, opts: { id?: string; limit?: number }) {
  const base = (q: Tx) =>
    q
      .select({
        order: adminOrderColumns,
        user: { id: users.id, fullName: users.fullName, email: users.email, phone: users.phone },
        outletId: outlets.id,
        outletName: outlets.name,
        riderId: deliveryRiders.id,
        riderName: deliveryRiders.fullName,
        riderPhone: deliveryRiders.phone,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(outlets, eq(outlets.id, orders.outletId))
      .leftJoin(deliveryRiders, eq(deliveryRiders.id, orders.riderId));
  return opts.id
    ? runPrepared(tx, 'admin_order_by_id', (q) => base(q).where(eq(orders.id, sql.placeholder('id'))), { id: opts.id })
    : runPrepared(tx, 'admin_orders_newest', (q) => base(q).orderBy(desc(orders.createdAt)).limit(sql.placeholder('limit')), {
        limit: opts.limit ?? 500,
      });
}

/** Items of several orders with their ids and the product's images, for the back office. */
export function findAdminOrderItems(tx: Tx, orderIds: string[]) {
  return runPrepared(
    tx,
    'admin_order_items',
    (q) =>
      q
        .select({
          id: orderItems.id,
          orderId: orderItems.orderId,
          productId: orderItems.productId,
          productName: orderItems.productName,
          quantity: orderItems.quantity,
          price: orderItems.price,
          imageUrls: products.imageUrls,
        })
        .from(orderItems)
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(anyOf(orderItems.orderId, 'orderIds')),
    { orderIds },
  );
}
