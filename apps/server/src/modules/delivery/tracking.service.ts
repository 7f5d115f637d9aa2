/**
 * Live rider tracking (issue 12 item 1). The assigned rider's phone sends positions while the order
 * is picked up; the order's customer, its outlet's staff and admins read the latest one with a
 * distance and a rough arrival time, and hear each new one on the event bus. Positions are kept only
 * for open deliveries: the retention job deletes them a while after the delivery closes.
 */
import { etaMinutes, type OrderTracking, type RiderPositionInput, type TrackedPosition } from '@meatshop/shared/tracking';
import { and, desc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deliveryRiders } from '../../db/schema/accounts.ts';
import { orders } from '../../db/schema/orders.ts';
import { outlets } from '../../db/schema/outlets.ts';
import { riderPositions } from '../../db/schema/tracking.ts';
import type { Actor } from '../accounts/access.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import { distanceKm, roundKm } from '@meatshop/shared/geo';
import { assertAssigned, ORDER_NOT_FOUND } from './delivery.policy.ts';
import { findOrder } from './delivery.repository.ts';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job.ts';

export const TRACKING_MESSAGES = {
  notCarrying: 'Your position is shared only while you carry this order.',
  tooOld: 'This position is too old to share.',
  offline: 'Go online to share your location.',
} as const;

/** Positions closer together than this (phone time) are not stored: the app sends one per ~15 s. */
export const MIN_SPACING_MS = 5_000;

/** A position queued offline longer than this is of no use to anyone. */
const MAX_AGE_MS = 6 * 60 * 60_000;

const toPosition = (r: { latitude: number; longitude: number; accuracy: number | null; recordedAt: Date }): TrackedPosition => ({
  lat: r.latitude,
  lng: r.longitude,
  accuracy: r.accuracy,
  recordedAt: r.recordedAt.toISOString(),
});

function recordedTime(input: RiderPositionInput, now: Date) {
  if (!input.recordedAt) return now;
  const t = new Date(input.recordedAt);
  if (now.getTime() - t.getTime() > MAX_AGE_MS)
    throw new AppError('VALIDATION', TRACKING_MESSAGES.tooOld, { recordedAt: TRACKING_MESSAGES.tooOld });
  // A phone clock running ahead cannot put a position in the future.
  return t > now ? now : t;
}

/** Only the assigned rider, only while the order is picked up. Another rider's order is a 404. */
export async function recordPosition(db: Db, riderId: string, orderId: string, input: RiderPositionInput, now = new Date()) {
  const recordedAt = recordedTime(input, now);
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId);
    assertAssigned(order, riderId);
    if (order.status !== 'picked_up') throw conflict(TRACKING_MESSAGES.notCarrying);
    const [latest] = await tx
      .select({ recordedAt: riderPositions.recordedAt })
      .from(riderPositions)
      .where(eq(riderPositions.orderId, orderId))
      .orderBy(desc(riderPositions.recordedAt))
      .limit(1);
    // At most one position per MIN_SPACING_MS of the phone's time: a chatty or replayed client cannot flood the table.
    const [near] = await tx
      .select({ id: riderPositions.id })
      .from(riderPositions)
      .where(
        and(
          eq(riderPositions.orderId, orderId),
          gt(riderPositions.recordedAt, new Date(recordedAt.getTime() - MIN_SPACING_MS)),
          lt(riderPositions.recordedAt, new Date(recordedAt.getTime() + MIN_SPACING_MS)),
        ),
      )
      .limit(1);
    if (near)
      return {
        stored: false,
        position: toPosition({ latitude: input.lat, longitude: input.lng, accuracy: input.accuracy ?? null, recordedAt }),
      };
    const [row] = await tx
      .insert(riderPositions)
      .values({ orderId, riderId, latitude: input.lat, longitude: input.lng, accuracy: input.accuracy ?? null, recordedAt })
      .returning();
    const position = toPosition(row!);
    // A late position (sent from the offline queue after a newer one) is kept but moves nothing.
    if (!latest || latest.recordedAt <= recordedAt) {
      await tx
        .update(deliveryRiders)
        .set({ lastLatitude: input.lat, lastLongitude: input.lng, lastLocatedAt: recordedAt })
        .where(eq(deliveryRiders.id, riderId));
      await publish(tx, {
        type: 'rider_position',
        orderId,
        userId: order.userId,
        outletId: order.outletId,
        riderId,
        lat: position.lat,
        lng: position.lng,
        accuracy: position.accuracy,
        recordedAt: position.recordedAt,
      });
    }
    return { stored: true, position };
  });
}

/** The idle rider's position (online, nothing picked up), for dispatch suggestions and the map. */
export async function updateRiderLocation(db: Db, riderId: string, input: { lat: number; lng: number }, now = new Date()) {
  return db.transaction(async (tx) => {
    const [rider] = await tx
      .update(deliveryRiders)
      .set({ lastLatitude: input.lat, lastLongitude: input.lng, lastLocatedAt: now })
      .where(and(eq(deliveryRiders.id, riderId), inArray(deliveryRiders.status, ['online', 'delivering'])))
      .returning({ id: deliveryRiders.id });
    if (!rider) throw conflict(TRACKING_MESSAGES.offline);
    await publish(tx, { type: 'rider_location', riderId, lat: input.lat, lng: input.lng, at: now.toISOString() });
    return { lat: input.lat, lng: input.lng, at: now.toISOString() };
  });
}

/** Going offline forgets where the rider was (called inside setAvailability's transaction). */
export async function forgetRiderLocation(tx: Tx, riderId: string) {
  await tx
    .update(deliveryRiders)
    .set({ lastLatitude: null, lastLongitude: null, lastLocatedAt: null })
    .where(eq(deliveryRiders.id, riderId));
  await publish(tx, { type: 'rider_location', riderId, lat: null, lng: null, at: null });
}

/** Who may watch an order's rider: its customer, its outlet's active staff, admins. Others: 404. */
export function mayTrack(actor: Actor, order: { userId: string; outletId: string | null }) {
  return (
    actor.user?.isAdmin === true ||
    order.userId === actor.userId ||
    (actor.employee?.isActive === true && order.outletId !== null && order.outletId === actor.employee.outletId)
  );
}

export async function getTracking(db: Db, actor: Actor, orderId: string): Promise<OrderTracking> {
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
  if (!row || !mayTrack(actor, row.order)) throw notFound(ORDER_NOT_FOUND);
  const { order } = row;
  const live = order.status === 'picked_up';
  let position: TrackedPosition | null = null;
  if (live) {
    const [p] = await db
      .select()
      .from(riderPositions)
      .where(and(eq(riderPositions.orderId, orderId), eq(riderPositions.riderId, order.riderId ?? '')))
      .orderBy(desc(riderPositions.recordedAt))
      .limit(1);
    if (p) position = toPosition(p);
  }
  const destination = { lat: order.deliveryLatitude, lng: order.deliveryLongitude };
  const km = position ? roundKm(distanceKm(position.lat, position.lng, destination.lat, destination.lng)) : null;
  return {
    orderId: order.id,
    status: order.status,
    live,
    rider: row.rider?.fullName ? { fullName: row.rider.fullName, phone: row.rider.phone, vehicleType: row.rider.vehicleType } : null,
    destination,
    outlet:
      row.outlet?.name && row.outlet.lat != null && row.outlet.lng != null
        ? { name: row.outlet.name, lat: row.outlet.lat, lng: row.outlet.lng }
        : null,
    position,
    distanceKm: km,
    etaMinutes: km === null ? null : etaMinutes(km, row.rider?.vehicleType ?? 'motorcycle'),
  };
}

/**
 * Retention: deletes the positions of deliveries that closed (delivered or cancelled) more than
 * `retentionHours` ago, and the last location of riders who are no longer online.
 */
export async function purgeRiderPositions(db: Db, retentionHours: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - retentionHours * 3_600_000);
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
  await db
    .update(deliveryRiders)
    .set({ lastLatitude: null, lastLongitude: null, lastLocatedAt: null })
    .where(and(eq(deliveryRiders.status, 'offline'), or(isNotNull(deliveryRiders.lastLocatedAt), isNotNull(deliveryRiders.lastLatitude))));
  return { deleted: deleted.length };
}

export type RetentionJob = PeriodicJob;

/** Runs the purge every `intervalMs` (first run shortly after start); never two runs at once. */
export function startPositionRetentionJob(
  db: Db,
  retentionHours: number,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  intervalMs = 15 * 60_000,
): RetentionJob {
  return startPeriodicJob(
    () =>
      purgeRiderPositions(db, retentionHours)
        .then((r) => {
          if (r.deleted) log.info(r, 'rider positions of closed deliveries deleted');
        })
        .catch((err) => log.error({ err }, 'rider position retention run failed')),
    intervalMs,
    10_000,
  );
}
