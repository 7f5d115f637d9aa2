/** Queries for live rider positions (rider_positions) and the order a tracker watches. */
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deliveryRiders } from '../../db/schema/accounts.ts';
import { orders } from '../../db/schema/orders.ts';
import { outlets } from '../../db/schema/outlets.ts';
import { riderPositions } from '../../db/schema/tracking.ts';

export type PositionInsert = typeof riderPositions.$inferInsert;

/** When the order's latest position was recorded (phone time). */
export async function findLatestPositionTime(tx: Tx, orderId: string) {
  const [latest] = await tx
    .select({ recordedAt: riderPositions.recordedAt })
    .from(riderPositions)
    .where(eq(riderPositions.orderId, orderId))
    .orderBy(desc(riderPositions.recordedAt))
    .limit(1);
  return latest;
}

/** A position of the order recorded strictly between `from` and `to`, if any. */
export async function findPositionBetween(tx: Tx, orderId: string, from: Date, to: Date) {
  const [near] = await tx
    .select({ id: riderPositions.id })
    .from(riderPositions)
    .where(and(eq(riderPositions.orderId, orderId), gt(riderPositions.recordedAt, from), lt(riderPositions.recordedAt, to)))
    .limit(1);
  return near;
}

export async function insertPosition(tx: Tx, values: PositionInsert) {
  const [row] = await tx.insert(riderPositions).values(values).returning();
  return row!;
}

/** The order's latest position sent by this rider. */
export async function findLatestRiderPosition(db: Tx, orderId: string, riderId: string) {
  const [p] = await db
    .select()
    .from(riderPositions)
    .where(and(eq(riderPositions.orderId, orderId), eq(riderPositions.riderId, riderId)))
    .orderBy(desc(riderPositions.recordedAt))
    .limit(1);
  return p;
}

/** The order with its rider's name, phone and vehicle and its outlet's name and position. */
export async function findOrderForTracking(db: Tx, orderId: string) {
  const [row] = await db
    .select({
      order: orders,
      rider: { fullName: deliveryRiders.fullName, phone: deliveryRiders.phone, vehicleType: deliveryRiders.vehicleType },
      outlet: { name: outlets.name, lat: outlets.latitude, lng: outlets.longitude },
    })
    .from(orders)
    .leftJoin(deliveryRiders, eq(deliveryRiders.id, orders.riderId))
    .leftJoin(outlets, eq(outlets.id, orders.outletId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

/** Deletes the positions of orders delivered or cancelled before `cutoff`; returns how many. */
export async function deletePositionsOfClosedOrders(db: Tx, cutoff: Date) {
  const closed = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['delivered', 'cancelled']),
        lt(sql`coalesce(${orders.deliveredAt}, ${orders.cancelledAt}, ${orders.updatedAt})`, cutoff),
      ),
    );
  const deleted = await db.delete(riderPositions).where(inArray(riderPositions.orderId, closed)).returning({ id: riderPositions.id });
  return deleted.length;
}
