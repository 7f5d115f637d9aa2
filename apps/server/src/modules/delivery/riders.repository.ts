/** Queries for delivery riders as admins and dispatch see them: lists, approval, activity, last position. */
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deliveryRiders } from '../../db/schema/accounts.ts';

export type RiderRow = typeof deliveryRiders.$inferSelect;
export type RiderInsert = typeof deliveryRiders.$inferInsert;

/** Orders a rider holds now (written out: drizzle drops table names in a one-table select). */
const openDeliveriesSql = sql<number>`(SELECT count(*)::int FROM orders o WHERE o.rider_id = delivery_riders.id AND o.status IN ('assigned', 'picked_up'))`;

export async function insertRider(db: Tx, values: RiderInsert) {
  await db.insert(deliveryRiders).values(values);
}

/** Every rider, newest first. */
export function listRidersNewestFirst(db: Tx) {
  return db.select().from(deliveryRiders).orderBy(desc(deliveryRiders.createdAt));
}

/** Active riders in one of `statuses`, by name, each with how many orders they hold now. */
export function listActiveRidersWithLoad(db: Tx, statuses: string[]) {
  return db
    .select({ rider: deliveryRiders, open: openDeliveriesSql })
    .from(deliveryRiders)
    .where(
      and(
        eq(deliveryRiders.isActive, true),
        statuses.length === 1 ? eq(deliveryRiders.status, statuses[0]!) : inArray(deliveryRiders.status, statuses),
      ),
    )
    .orderBy(deliveryRiders.fullName);
}

/** The rider when active and online, else undefined. */
export async function findAvailableRider(tx: Tx, riderId: string) {
  const [rider] = await tx
    .select({ id: deliveryRiders.id })
    .from(deliveryRiders)
    .where(and(eq(deliveryRiders.id, riderId), eq(deliveryRiders.isActive, true), eq(deliveryRiders.status, 'online')));
  return rider;
}

export async function findRiderApproval(tx: Tx, id: string) {
  const [row] = await tx.select({ approval: deliveryRiders.approval }).from(deliveryRiders).where(eq(deliveryRiders.id, id));
  return row;
}

/** The rider's approval, locked until COMMIT so two decisions on one rider are taken one after the other. */
export async function lockRiderApproval(tx: Tx, id: string) {
  const [row] = await tx.select({ approval: deliveryRiders.approval }).from(deliveryRiders).where(eq(deliveryRiders.id, id)).for('update');
  return row;
}

export async function findRiderName(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: deliveryRiders.id, fullName: deliveryRiders.fullName })
    .from(deliveryRiders)
    .where(eq(deliveryRiders.id, id));
  return row;
}

/** Returns the updated rider, or undefined when there is no such rider. */
export async function updateRiderRow(tx: Tx, id: string, set: Partial<RiderInsert>) {
  const [row] = await tx.update(deliveryRiders).set(set).where(eq(deliveryRiders.id, id)).returning();
  return row;
}

export async function setRiderLastLocation(tx: Tx, riderId: string, p: { lat: number; lng: number; at: Date }) {
  await tx
    .update(deliveryRiders)
    .set({ lastLatitude: p.lat, lastLongitude: p.lng, lastLocatedAt: p.at })
    .where(eq(deliveryRiders.id, riderId));
}

/** Sets the last location only while the rider is online or delivering; undefined otherwise. */
export async function setWorkingRiderLocation(tx: Tx, riderId: string, p: { lat: number; lng: number; at: Date }) {
  const [rider] = await tx
    .update(deliveryRiders)
    .set({ lastLatitude: p.lat, lastLongitude: p.lng, lastLocatedAt: p.at })
    .where(and(eq(deliveryRiders.id, riderId), inArray(deliveryRiders.status, ['online', 'delivering'])))
    .returning({ id: deliveryRiders.id });
  return rider;
}

export async function clearRiderLocation(tx: Tx, riderId: string) {
  await tx
    .update(deliveryRiders)
    .set({ lastLatitude: null, lastLongitude: null, lastLocatedAt: null })
    .where(eq(deliveryRiders.id, riderId));
}

/** Clears the last location of every offline rider who still has one. */
export async function clearOfflineRiderLocations(db: Tx) {
  await db
    .update(deliveryRiders)
    .set({ lastLatitude: null, lastLongitude: null, lastLocatedAt: null })
    .where(and(eq(deliveryRiders.status, 'offline'), or(isNotNull(deliveryRiders.lastLocatedAt), isNotNull(deliveryRiders.lastLatitude))));
}
