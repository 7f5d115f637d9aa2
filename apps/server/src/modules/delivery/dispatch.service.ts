/**
 * Dispatch: an admin hands a pending order to a rider (spec section 4: "Admin assigns a rider to a
 * Pending order: status assigned, rider_id and assigned_at set"). Only orders that can be fulfilled
 * are dispatched: paid, or cash on delivery; and only to an active rider who is online.
 */
import type { AvailableRider } from '@meatshop/shared/admin-orders';
import { shortOrderId } from '@meatshop/shared/status';
import { DECLINE_MESSAGES, type DispatchMap, dispatchScore } from '@meatshop/shared/tracking';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deliveryRiders } from '../../db/schema/accounts.ts';
import { orders } from '../../db/schema/orders.ts';
import { outlets } from '../../db/schema/outlets.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import { distanceKm } from '../geo/distance.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { assertAssigned } from './delivery.policy.ts';

export const DISPATCH_MESSAGES = {
  notPending: 'Only pending orders can be assigned to a rider.',
  notPayable: 'This order is not paid yet. Assign a rider once it is paid, or for cash on delivery.',
  riderUnavailable: 'This rider is not available. Choose an active rider who is online.',
} as const;

/** Orders a rider holds now (written out: drizzle drops table names in a one-table select). */
const openDeliveriesSql = sql<number>`(SELECT count(*)::int FROM orders o WHERE o.rider_id = delivery_riders.id AND o.status IN ('assigned', 'picked_up'))`;

const isDispatchable = (o: { status: string; paymentStatus: string; paymentMethod: string }) =>
  o.status === 'pending' && (o.paymentStatus === 'paid' || (o.paymentMethod === 'cash_on_delivery' && o.paymentStatus === 'pending'));

/**
 * Active online riders ranked for an order (issue 12 item 2): by straight-line distance from the
 * order's outlet to the rider's last position, plus LOAD_PENALTY_KM per open delivery; the first is
 * the suggested one. Without an order (or an outlet position) riders rank by load, then name.
 */
export async function rankRiders(tx: Tx, orderId?: string): Promise<AvailableRider[]> {
  let origin: { lat: number; lng: number } | null = null;
  if (orderId) {
    const [o] = await tx
      .select({ lat: outlets.latitude, lng: outlets.longitude })
      .from(orders)
      .leftJoin(outlets, eq(outlets.id, orders.outletId))
      .where(eq(orders.id, orderId))
      .limit(1);
    if (!o) throw notFound('Order not found');
    if (o.lat != null && o.lng != null) origin = { lat: o.lat, lng: o.lng };
  }
  const rows = await tx
    .select({
      rider: deliveryRiders,
      open: openDeliveriesSql,
    })
    .from(deliveryRiders)
    .where(and(eq(deliveryRiders.isActive, true), eq(deliveryRiders.status, 'online')))
    .orderBy(deliveryRiders.fullName);
  const ranked = rows.map(({ rider: r, open }) => {
    const km =
      origin && r.lastLatitude != null && r.lastLongitude != null
        ? Math.round(distanceKm(origin.lat, origin.lng, r.lastLatitude, r.lastLongitude) * 10) / 10
        : null;
    return {
      id: r.id,
      fullName: r.fullName,
      phone: r.phone,
      vehicleType: r.vehicleType,
      rating: r.rating,
      totalDeliveries: r.totalDeliveries,
      distanceKm: km,
      openDeliveries: open,
      suggested: false,
    };
  });
  // Stable sort: equal scores keep the name order.
  ranked.sort((a, b) => dispatchScore(a.distanceKm, a.openDeliveries) - dispatchScore(b.distanceKm, b.openDeliveries));
  if (ranked[0]) ranked[0].suggested = true;
  return ranked;
}

/**
 * With the auto-assign setting on, hands a dispatchable order to the suggested rider inside the
 * caller's transaction (the order was just placed for cash, or just paid). Does nothing otherwise,
 * and never fails the caller: no rider online simply leaves the order in the queue.
 */
export async function autoAssignIfEnabled(tx: Tx, orderId: string): Promise<typeof orders.$inferSelect | null> {
  if (!(await getShopSettings(tx)).autoAssignRiders) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || !isDispatchable(order)) return null;
  const [best] = await rankRiders(tx, orderId);
  if (!best) return null;
  return assignRider(tx, orderId, best.id);
}

/**
 * The rider turns down an order they have not picked up yet: it goes back to the pending queue
 * (rider and assignment time cleared) and the admins are told.
 */
export async function declineAssignment(db: Db, rider: { id: string; fullName: string }, orderId: string) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    assertAssigned(order, rider.id);
    if (order.status !== 'assigned') throw conflict(DECLINE_MESSAGES.notAssigned);
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({ status: 'pending', riderId: null, assignedAt: null, updatedAt: now })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ['assigned'])))
      .returning();
    await notifyAdmins(tx, {
      message: `Rider ${rider.fullName} declined order #${shortOrderId(orderId)}: it is back in the queue`,
      type: 'warning',
      orderId,
    });
    await publish(tx, {
      type: 'order',
      action: 'declined',
      orderId,
      status: updated!.status,
      paymentStatus: updated!.paymentStatus,
      userId: updated!.userId,
      outletId: updated!.outletId,
      riderId: null,
      previousRiderId: rider.id,
    });
    return updated!;
  });
}

/** Assigns inside the caller's transaction and publishes the order event there (after COMMIT only). */
export async function assignRider(tx: Tx, orderId: string, riderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order not found');
  if (order.status !== 'pending') throw new AppError('RULE_BROKEN', DISPATCH_MESSAGES.notPending);
  if (!isDispatchable({ ...order, status: 'pending' })) throw new AppError('RULE_BROKEN', DISPATCH_MESSAGES.notPayable);
  const [rider] = await tx
    .select({ id: deliveryRiders.id })
    .from(deliveryRiders)
    .where(and(eq(deliveryRiders.id, riderId), eq(deliveryRiders.isActive, true), eq(deliveryRiders.status, 'online')));
  if (!rider) throw new AppError('RULE_BROKEN', DISPATCH_MESSAGES.riderUnavailable, { riderId: DISPATCH_MESSAGES.riderUnavailable });
  const now = new Date();
  // The status guard in the WHERE keeps two admins from assigning the same order twice.
  const [updated] = await tx
    .update(orders)
    .set({ status: 'assigned', riderId, assignedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning();
  if (!updated) throw new AppError('RULE_BROKEN', DISPATCH_MESSAGES.notPending);
  await publish(tx, {
    type: 'order',
    action: 'assigned',
    orderId,
    status: updated.status,
    paymentStatus: updated.paymentStatus,
    userId: updated.userId,
    outletId: updated.outletId,
    riderId,
  });
  return updated;
}

/**
 * The admin's dispatch map: every active rider who is online or delivering with their last position
 * and load, and every open order (pending and payable, assigned, picked up) with its drop point.
 */
export async function dispatchMap(tx: Tx): Promise<DispatchMap> {
  const riders = await tx
    .select({
      rider: deliveryRiders,
      open: openDeliveriesSql,
    })
    .from(deliveryRiders)
    .where(and(eq(deliveryRiders.isActive, true), inArray(deliveryRiders.status, ['online', 'delivering'])))
    .orderBy(deliveryRiders.fullName);
  const open = await tx
    .select({ order: orders, outlet: { id: outlets.id, name: outlets.name, lat: outlets.latitude, lng: outlets.longitude } })
    .from(orders)
    .leftJoin(outlets, eq(outlets.id, orders.outletId))
    .where(inArray(orders.status, ['pending', 'assigned', 'picked_up']))
    .orderBy(orders.createdAt)
    .limit(300);
  return {
    riders: riders.map(({ rider: r, open: n }) => ({
      id: r.id,
      fullName: r.fullName,
      phone: r.phone,
      vehicleType: r.vehicleType,
      status: r.status,
      openDeliveries: n,
      position:
        r.lastLatitude != null && r.lastLongitude != null && r.lastLocatedAt
          ? { lat: r.lastLatitude, lng: r.lastLongitude, at: r.lastLocatedAt.toISOString() }
          : null,
    })),
    orders: open
      // Unpaid card or mobile-money orders cannot go out yet: they are not dispatch work.
      .filter(({ order: o }) => o.status !== 'pending' || isDispatchable(o))
      .map(({ order: o, outlet }) => ({
        id: o.id,
        status: o.status,
        paymentStatus: o.paymentStatus,
        paymentMethod: o.paymentMethod,
        customerName: o.shippingAddress.full_name,
        address: [o.shippingAddress.street, o.shippingAddress.city].filter(Boolean).join(', '),
        destination: { lat: o.deliveryLatitude, lng: o.deliveryLongitude },
        outlet: outlet?.id ? { id: outlet.id, name: outlet.name, lat: outlet.lat, lng: outlet.lng } : null,
        riderId: o.riderId,
        createdAt: o.createdAt.toISOString(),
      })),
  };
}
