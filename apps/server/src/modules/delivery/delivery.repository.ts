/** Queries for the rider's orders and the rider's own row. No rules here. */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deliveryRiders } from '../../db/schema/accounts.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { outlets } from '../../db/schema/outlets.ts';
import { riderCashSql } from '../payments/refunds.repository.ts';

const summaryColumns = {
  order: orders,
  outlet: {
    id: outlets.id,
    name: outlets.name,
    address: outlets.address,
    phone: outlets.phone,
    latitude: outlets.latitude,
    longitude: outlets.longitude,
  },
  cashToCollect: sql<number>`${riderCashSql}::int`,
  itemCount: sql<number>`(SELECT coalesce(sum(${orderItems.quantity}), 0)::int FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`,
};

export type RiderOrderRow = Awaited<ReturnType<typeof findRiderOrders>>[number];

export async function findRiderOrders(tx: Tx, riderId: string, statuses: string[]) {
  return tx
    .select(summaryColumns)
    .from(orders)
    .leftJoin(outlets, eq(outlets.id, orders.outletId))
    .where(and(eq(orders.riderId, riderId), inArray(orders.status, statuses)))
    .orderBy(desc(orders.createdAt));
}

export async function findRiderOrder(tx: Tx, orderId: string, riderId: string) {
  const [row] = await tx
    .select(summaryColumns)
    .from(orders)
    .leftJoin(outlets, eq(outlets.id, orders.outletId))
    .where(and(eq(orders.id, orderId), eq(orders.riderId, riderId)))
    .limit(1);
  return row;
}

export async function findOrderItems(tx: Tx, orderId: string) {
  return tx
    .select({ id: orderItems.id, productName: orderItems.productName, quantity: orderItems.quantity, price: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.productName);
}

export async function findOrder(tx: Tx, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

export async function countOtherPickedUp(tx: Tx, riderId: string, exceptOrderId: string | null) {
  const conditions = [eq(orders.riderId, riderId), eq(orders.status, 'picked_up')];
  if (exceptOrderId) conditions.push(ne(orders.id, exceptOrderId));
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(...conditions));
  return row?.n ?? 0;
}

export async function lockRider(tx: Tx, riderId: string) {
  const [row] = await tx.select().from(deliveryRiders).where(eq(deliveryRiders.id, riderId)).for('update').limit(1);
  return row;
}

export async function updateRider(tx: Tx, riderId: string, values: Partial<typeof deliveryRiders.$inferInsert>) {
  const [row] = await tx
    .update(deliveryRiders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deliveryRiders.id, riderId))
    .returning();
  return row!;
}

export async function incrementTotalDeliveries(tx: Tx, riderId: string) {
  await tx
    .update(deliveryRiders)
    .set({ totalDeliveries: sql`${deliveryRiders.totalDeliveries} + 1`, updatedAt: new Date() })
    .where(eq(deliveryRiders.id, riderId));
}

export async function findOutletById(tx: Tx, outletId: string) {
  const [row] = await tx.select().from(outlets).where(eq(outlets.id, outletId)).limit(1);
  return row;
}

/** The position of the order's outlet (null when it has none); undefined when there is no such order. */
export async function findOrderOutletPosition(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ lat: outlets.latitude, lng: outlets.longitude })
    .from(orders)
    .leftJoin(outlets, eq(outlets.id, orders.outletId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

/** The rider's assigned and picked-up orders, locked in id order so two releases never deadlock. */
export function lockRiderOpenOrders(tx: Tx, riderId: string) {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.riderId, riderId), inArray(orders.status, ['assigned', 'picked_up'])))
    .orderBy(orders.id)
    .for('update');
}

/** Up to 300 pending, assigned and picked-up orders, oldest first, with their outlet's position. */
export function listOpenOrdersForMap(tx: Tx) {
  return tx
    .select({ order: orders, outlet: { id: outlets.id, name: outlets.name, lat: outlets.latitude, lng: outlets.longitude } })
    .from(orders)
    .leftJoin(outlets, eq(outlets.id, orders.outletId))
    .where(inArray(orders.status, ['pending', 'assigned', 'picked_up']))
    .orderBy(orders.createdAt)
    .limit(300);
}

/** How many of the rider's orders are delivered or picked up (they keep the rider for history). */
export async function countRiderDeliveredOrCarried(tx: Tx, riderId: string) {
  const [n] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.riderId, riderId), sql`${orders.status} in ('delivered', 'picked_up')`));
  return n?.n ?? 0;
}
