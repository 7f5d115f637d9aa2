/** Order queries: the only code here that touches the orders and order_items tables. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
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

export async function findOrdersByUserId(tx: Tx, userId: string, limit = 100) {
  return tx.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(limit);
}

/** Items of several orders with the product's first image, for list and detail screens. */
export async function findItemsForOrders(tx: Tx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return tx
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
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.productName);
}

export async function findOutletsByIds(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: outlets.id, name: outlets.name, address: outlets.address, phone: outlets.phone })
    .from(outlets)
    .where(inArray(outlets.id, ids));
}

/**
 * Orders for the back office with customer, outlet and rider: the one order `id`, or the newest
 * `limit` (500 by default).
 */
export async function findAdminOrderRows(tx: Tx, opts: { id?: string; limit?: number }) {
  const base = tx
    .select({
      order: orders,
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
  return opts.id ? await base.where(eq(orders.id, opts.id)) : await base.orderBy(desc(orders.createdAt)).limit(opts.limit ?? 500);
}

/** Items of several orders with their ids and the product's images, for the back office. */
export function findAdminOrderItems(tx: Tx, orderIds: string[]) {
  return tx
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
    .where(inArray(orderItems.orderId, orderIds));
}
