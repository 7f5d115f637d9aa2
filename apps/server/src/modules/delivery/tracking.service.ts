/**
 * Live rider tracking. The assigned rider's phone sends positions while the order
 * is picked up; the order's customer, its outlet's staff and admins read the latest one with a
 * distance and a rough arrival time, and hear each new one on the event bus. Positions are kept only
 * for open deliveries: the retention job deletes them a while after the delivery closes.
 */
import { etaMinutes, type OrderTracking, type RiderPositionInput, type TrackedPosition } from '@meatshop/shared/tracking';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../accounts/access.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import { distanceKm, roundKm } from '@meatshop/shared/geo';
import { assertAssigned, ORDER_NOT_FOUND } from './delivery.policy.ts';
import { findOrder } from './delivery.repository.ts';
import { clearOfflineRiderLocations, clearRiderLocation, setRiderLastLocation, setWorkingRiderLocation } from './riders.repository.ts';
import {
  deletePositionsOfClosedOrders,
  findLatestPositionTime,
  findLatestRiderPosition,
  findOrderForTracking,
  findPositionBetween,
  insertPosition,
} from './tracking.repository.ts';
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
    const latest = await findLatestPositionTime(tx, orderId);
    // At most one position per MIN_SPACING_MS of the phone's time: a chatty or replayed client cannot flood the table.
    const near = await findPositionBetween(
      tx,
      orderId,
      new Date(recordedAt.getTime() - MIN_SPACING_MS),
      new Date(recordedAt.getTime() + MIN_SPACING_MS),
    );
    if (near)
      return {
        stored: false,
        position: toPosition({ latitude: input.lat, longitude: input.lng, accuracy: input.accuracy ?? null, recordedAt }),
      };
    const row = await insertPosition(tx, {
      orderId,
      riderId,
      latitude: input.lat,
      longitude: input.lng,
      accuracy: input.accuracy ?? null,
      recordedAt,
    });
    const position = toPosition(row);
    // A late position (sent from the offline queue after a newer one) is kept but moves nothing.
    if (!latest || latest.recordedAt <= recordedAt) {
      await setRiderLastLocation(tx, riderId, { lat: input.lat, lng: input.lng, at: recordedAt });
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
    const rider = await setWorkingRiderLocation(tx, riderId, { lat: input.lat, lng: input.lng, at: now });
    if (!rider) throw conflict(TRACKING_MESSAGES.offline);
    await publish(tx, { type: 'rider_location', riderId, lat: input.lat, lng: input.lng, at: now.toISOString() });
    return { lat: input.lat, lng: input.lng, at: now.toISOString() };
  });
}

/** Going offline forgets where the rider was (called inside setAvailability's transaction). */
export async function forgetRiderLocation(tx: Tx, riderId: string) {
  await clearRiderLocation(tx, riderId);
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
  const row = await findOrderForTracking(db, orderId);
  if (!row || !mayTrack(actor, row.order)) throw notFound(ORDER_NOT_FOUND);
  const { order } = row;
  const live = order.status === 'picked_up';
  let position: TrackedPosition | null = null;
  if (live) {
    const p = await findLatestRiderPosition(db, orderId, order.riderId ?? '');
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
  const deleted = await deletePositionsOfClosedOrders(db, cutoff);
  await clearOfflineRiderLocations(db);
  return { deleted };
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
