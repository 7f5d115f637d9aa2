/**
 * The rider's delivery steps (spec section 4): Confirm Pickup, Complete Delivery, Cancel, and the
 * rider's availability. Each step locks the order, checks who and which transition, writes the
 * timestamps, keeps the rider's status right (delivering while carrying an order, online after),
 * and announces the change on the bus in the same transaction.
 */
import { shortOrderId } from '@meatshop/shared/status';
import type { Db, Tx } from '../../db/client.ts';
import type { deliveryRiders } from '../../db/schema/accounts.ts';
import type { orders } from '../../db/schema/orders.ts';
import type { Storage } from '../../platform/storage.ts';
import { conflict } from '../../platform/errors.ts';
import { type OrderAction, publish } from '../../platform/events.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { restockOrder } from '../orders/order-stock.ts';
import {
  countOtherPickedUp,
  findOutletById,
  findOrder,
  incrementTotalDeliveries,
  lockOrder,
  lockRider,
  updateOrder,
  updateRider,
} from './delivery.repository.ts';
import { assertAssigned, assertRiderMay } from './delivery.policy.ts';
import { deliveryPhotoKey, deliveryPhotoUrl, toDeliveryJpeg } from './delivery-photo.ts';
import { type Rates, recordDeliveryEarning } from './earnings.service.ts';
import { forgetRiderLocation } from './tracking.service.ts';

type Order = typeof orders.$inferSelect;
type Rider = typeof deliveryRiders.$inferSelect;

async function announce(tx: Tx, o: Order, action: OrderAction) {
  await publish(tx, {
    type: 'order',
    action,
    orderId: o.id,
    status: o.status,
    paymentStatus: o.paymentStatus,
    userId: o.userId,
    outletId: o.outletId,
    riderId: o.riderId,
  });
}

/** After a delivery ends: delivering while another picked-up order remains, else back online. */
async function settleRiderStatus(tx: Tx, riderId: string, exceptOrderId: string) {
  const rider = await lockRider(tx, riderId);
  if (rider?.status !== 'delivering') return;
  if ((await countOtherPickedUp(tx, riderId, exceptOrderId)) > 0) return;
  await updateRider(tx, riderId, { status: 'online' });
  await publish(tx, { type: 'rider', riderId, status: 'online' });
}

export async function confirmPickup(db: Db, riderId: string, orderId: string) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertAssigned(order, riderId);
    assertRiderMay('pickup', order.status);
    const updated = await updateOrder(tx, orderId, { status: 'picked_up', pickedUpAt: new Date() });
    await updateRider(tx, riderId, { status: 'delivering' });
    await publish(tx, { type: 'rider', riderId, status: 'delivering' });
    await announce(tx, updated, 'picked_up');
    return updated;
  });
}

export async function completeDelivery(deps: { db: Db; storage: Storage; rates: Rates }, riderId: string, orderId: string, photo: Buffer) {
  const { db, storage, rates } = deps;
  // Fail fast before the slow work; the transaction checks again under the lock.
  const before = await findOrder(db, orderId);
  assertAssigned(before, riderId);
  assertRiderMay('deliver', before.status);
  const jpeg = await toDeliveryJpeg(photo);
  const now = new Date();
  const key = deliveryPhotoKey(orderId, now);
  // Stored before the transaction: no slow awaits inside one (STACK-NOTES).
  await storage.put(key, jpeg, 'image/jpeg');
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertAssigned(order, riderId);
    assertRiderMay('deliver', order.status);
    const updated = await updateOrder(tx, orderId, { status: 'delivered', deliveredAt: now, deliveryPhotoUrl: deliveryPhotoUrl(key) });
    await incrementTotalDeliveries(tx, riderId);
    const outlet = order.outletId ? await findOutletById(tx, order.outletId) : undefined;
    await recordDeliveryEarning(tx, rates, {
      riderId,
      orderId,
      outlet: outlet?.latitude != null && outlet.longitude != null ? { lat: outlet.latitude, lng: outlet.longitude } : null,
      drop: { lat: order.deliveryLatitude, lng: order.deliveryLongitude },
    });
    await settleRiderStatus(tx, riderId, orderId);
    await announce(tx, updated, 'delivered');
    return updated;
  });
}

export async function cancelDelivery(db: Db, rider: Pick<Rider, 'id' | 'fullName'>, orderId: string, reason?: string) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertAssigned(order, rider.id);
    assertRiderMay('cancel', order.status);
    const updated = await updateOrder(tx, orderId, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelReason: reason?.trim() || 'Cancelled by rider',
    });
    await restockOrder(tx, orderId);
    await settleRiderStatus(tx, rider.id, orderId);
    await notifyAdmins(tx, {
      message: `Order #${shortOrderId(orderId)} was cancelled by rider ${rider.fullName}`,
      type: 'warning',
      orderId,
    });
    await announce(tx, updated, 'cancelled');
    return updated;
  });
}

/** Online or offline (spec: toggled by the rider); carrying an order keeps them delivering. */
export async function setAvailability(db: Db, riderId: string, wanted: 'online' | 'offline') {
  return db.transaction(async (tx) => {
    await lockRider(tx, riderId);
    const carrying = await countOtherPickedUp(tx, riderId, null);
    if (wanted === 'offline' && carrying > 0) throw conflict('Finish your active delivery before going offline.');
    const status = wanted === 'online' && carrying > 0 ? 'delivering' : wanted;
    const rider = await updateRider(tx, riderId, { status });
    await publish(tx, { type: 'rider', riderId, status });
    if (status === 'offline') await forgetRiderLocation(tx, riderId);
    return rider;
  });
}
