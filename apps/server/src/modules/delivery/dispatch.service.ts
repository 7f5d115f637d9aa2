/**
 * Dispatch: an admin hands a pending order to a rider ("Admin assigns a rider to a
 * Pending order: status assigned, rider_id and assigned_at set"). Only orders that can be fulfilled
 * are dispatched: paid, or cash on delivery; and only to an active rider who is online.
 */
import type { ShopSettings } from '@meatshop/shared/shop-settings';
import type { AvailableRider } from '@meatshop/shared/admin-orders';
import { isDispatchable, orderMay } from '@meatshop/shared/order-lifecycle';
import { shortOrderId } from '@meatshop/shared/status';
import { DECLINE_MESSAGES, type DispatchMap, dispatchScore } from '@meatshop/shared/tracking';
import type { Db, Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema/orders.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { distanceKm, roundKm } from '@meatshop/shared/geo';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { type Actor, SYSTEM } from '../orders/lifecycle/actor.ts';
import { lockOrderRow } from '../orders/lifecycle/lifecycle.repository.ts';
import { assignOrder, returnToQueue } from '../orders/lifecycle/transitions.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { assertAssigned } from './delivery.policy.ts';
import { findOrder, findOrderOutletPosition, listOpenOrdersForMap, lockRiderOpenOrders } from './delivery.repository.ts';
import { findAvailableRider, listActiveRidersWithLoad } from './riders.repository.ts';

export const DISPATCH_MESSAGES = {
  notPending: 'Only pending orders can be assigned to a rider.',
  notPayable: 'This order is not paid yet. Assign a rider once it is paid, or for cash on delivery.',
  riderUnavailable: 'This rider is not available. Choose an active rider who is online.',
} as const;

/**
 * Active online riders ranked for an order: by straight-line distance from the
 * order's outlet to the rider's last position, plus LOAD_PENALTY_KM per open delivery; the first is
 * the suggested one. Without an order (or an outlet position) riders rank by load, then name.
 */
export async function rankRiders(tx: Tx, orderId?: string): Promise<AvailableRider[]> {
  let origin: { lat: number; lng: number } | null = null;
  if (orderId) {
    const o = await findOrderOutletPosition(tx, orderId);
    if (!o) throw notFound('Order not found');
    if (o.lat != null && o.lng != null) origin = { lat: o.lat, lng: o.lng };
  }
  const rows = await listActiveRidersWithLoad(tx, ['online']);
  const ranked = rows.map(({ rider: r, open }) => {
    const km =
      origin && r.lastLatitude != null && r.lastLongitude != null
        ? roundKm(distanceKm(origin.lat, origin.lng, r.lastLatitude, r.lastLongitude))
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
export async function autoAssignIfEnabled(
  tx: Tx,
  /** The order's id, or its row as this transaction just wrote it (no read again). */
  orderOrRow: string | typeof orders.$inferSelect,
  settings?: Pick<ShopSettings, 'autoAssignRiders'>,
): Promise<typeof orders.$inferSelect | null> {
  if (!(settings ?? (await getShopSettings(tx))).autoAssignRiders) return null;
  const orderId = typeof orderOrRow === 'string' ? orderOrRow : orderOrRow.id;
  const order = typeof orderOrRow === 'string' ? await findOrder(tx, orderId) : orderOrRow;
  if (!order || !orderMay('assign', 'system', order)) return null;
  const [best] = await rankRiders(tx, orderId);
  if (!best) return null;
  return assignRider(tx, orderId, best.id, SYSTEM);
}

/**
 * The rider turns down an order they have not picked up yet: it goes back to the pending queue
 * (rider and assignment time cleared) and the admins are told.
 */
export async function declineAssignment(db: Db, rider: { id: string; fullName: string }, orderId: string) {
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    assertAssigned(order, rider.id);
    if (order.status !== 'assigned') throw conflict(DECLINE_MESSAGES.notAssigned);
    const updated = await returnToQueue(tx, order, 'decline', { role: 'rider', id: rider.id, name: rider.fullName });
    await notifyAdmins(tx, {
      message: `Rider ${rider.fullName} declined order #${shortOrderId(orderId)}: it is back in the queue`,
      type: 'warning',
      orderId,
    });
    return updated;
  });
}

/** Assigns inside the caller's transaction; the order core publishes the event there (after COMMIT only). */
export async function assignRider(tx: Tx, orderId: string, riderId: string, actor: Actor = { role: 'admin' }) {
  const order = await lockOrderRow(tx, orderId);
  if (!order) throw notFound('Order not found');
  if (order.status !== 'pending') throw new AppError('RULE_BROKEN', DISPATCH_MESSAGES.notPending);
  if (!isDispatchable(order)) throw new AppError('RULE_BROKEN', DISPATCH_MESSAGES.notPayable);
  const rider = await findAvailableRider(tx, riderId);
  if (!rider) throw new AppError('RULE_BROKEN', DISPATCH_MESSAGES.riderUnavailable, { riderId: DISPATCH_MESSAGES.riderUnavailable });
  return assignOrder(tx, order, riderId, actor);
}

/**
 * An admin takes an assigned order off its rider (a rider who cannot be reached, deactivated, or
 * gone): back to the queue with the reason kept in the admins' notifications.
 */
export async function unassignOrder(db: Db, orderId: string, admin: Actor, reason: string) {
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) throw notFound('Order not found');
    const updated = await returnToQueue(tx, order, 'unassign', admin);
    await notifyAdmins(tx, {
      message: `Order #${shortOrderId(orderId)} was taken off its rider by ${admin.name ?? 'an admin'}: ${reason}`,
      type: 'warning',
      orderId,
    });
    return updated;
  });
}

/**
 * A rider deactivated or deleted cannot act on their orders any more: the ones not picked up go
 * back to the queue; the ones they carry stay theirs for an admin to cancel (the goods come back
 * on the outlet's confirmation). Returns how many of each.
 */
export async function releaseRiderOrders(tx: Tx, rider: { id: string; fullName: string }) {
  const open = await lockRiderOpenOrders(tx, rider.id);
  let carried = 0;
  for (const order of open) {
    if (order.status === 'picked_up') {
      carried++;
      await notifyAdmins(tx, {
        message: `Rider ${rider.fullName} was deactivated while carrying order #${shortOrderId(order.id)}: cancel it if it cannot be delivered`,
        type: 'error',
        orderId: order.id,
      });
      continue;
    }
    await returnToQueue(tx, order, 'unassign', SYSTEM);
  }
  if (open.length > carried) {
    await notifyAdmins(tx, {
      message: `Rider ${rider.fullName} was deactivated: ${open.length - carried} assigned order(s) are back in the queue`,
      type: 'warning',
    });
  }
  return { requeued: open.length - carried, carried };
}

/**
 * The admin's dispatch map: every active rider who is online or delivering with their last position
 * and load, and every open order (pending and payable, assigned, picked up) with its drop point.
 */
export async function dispatchMap(tx: Tx): Promise<DispatchMap> {
  const riders = await listActiveRidersWithLoad(tx, ['online', 'delivering']);
  const open = await listOpenOrdersForMap(tx);
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
