/**
 * The rider's delivery steps: Confirm Pickup, Complete Delivery, Cancel, and the
 * rider's availability. Each step locks the order and checks that it is this rider's; the order
 * core (orders/lifecycle) checks the transition, writes it and announces it; this module keeps the
 * rider's own status right (delivering while carrying an order, online after).
 */
import type { Db } from '../../db/client.ts';
import type { deliveryRiders } from '../../db/schema/accounts.ts';
import type { Storage } from '../../platform/storage.ts';
import { conflict } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import type { Actor } from '../orders/lifecycle/actor.ts';
import { cancel } from '../orders/lifecycle/cancel.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { cancelRefunds } from '../payments/refunds.service.ts';
import { lockOrderRow } from '../orders/lifecycle/lifecycle.repository.ts';
import { deliverOrder, pickUpOrder } from '../orders/lifecycle/transitions.ts';
import { countOtherPickedUp, findOutletById, findOrder, incrementTotalDeliveries, lockRider, updateRider } from './delivery.repository.ts';
import { assertAssigned, assertRiderMay } from './delivery.policy.ts';
import { deliveryPhotoKey, deliveryPhotoUrl, toDeliveryJpeg } from './delivery-photo.ts';
import { type Rates, recordDeliveryEarning } from './earnings.service.ts';
import { settleRiderStatus } from './rider-status.ts';
import { forgetRiderLocation } from './tracking.service.ts';

type Rider = typeof deliveryRiders.$inferSelect;

const riderActor = (rider: Pick<Rider, 'id' | 'fullName'>): Actor => ({ role: 'rider', id: rider.id, name: rider.fullName });

export async function confirmPickup(db: Db, riderId: string, orderId: string) {
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    assertAssigned(order, riderId);
    assertRiderMay('pickup', order.status);
    const updated = await pickUpOrder(tx, order, { role: 'rider', id: riderId });
    await updateRider(tx, riderId, { status: 'delivering' });
    await publish(tx, { type: 'rider', riderId, status: 'delivering' });
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
    const order = await lockOrderRow(tx, orderId);
    assertAssigned(order, riderId);
    assertRiderMay('deliver', order.status);
    const updated = await deliverOrder(tx, order, { role: 'rider', id: riderId }, deliveryPhotoUrl(key), now);
    await incrementTotalDeliveries(tx, riderId);
    const outlet = order.outletId ? await findOutletById(tx, order.outletId) : undefined;
    await recordDeliveryEarning(tx, rates, {
      riderId,
      orderId,
      outlet: outlet?.latitude != null && outlet.longitude != null ? { lat: outlet.latitude, lng: outlet.longitude } : null,
      drop: { lat: order.deliveryLatitude, lng: order.deliveryLongitude },
    });
    await settleRiderStatus(tx, riderId, orderId);
    return updated;
  });
}

/**
 * The rider cancels: after pickup the goods stay "with the rider" until the outlet confirms their
 * return. A paid order's money goes back: refund opened in the cancel, sent after it commits.
 */
export async function cancelDelivery(deps: PaymentDeps, rider: Pick<Rider, 'id' | 'fullName'>, orderId: string, reason?: string) {
  const refunds = cancelRefunds(deps);
  const updated = await deps.db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    assertAssigned(order, rider.id);
    assertRiderMay('cancel', order.status);
    return (await cancel(tx, order, 'rider', riderActor(rider), { reason, openRefund: refunds.open })).order;
  });
  await refunds.sendOpened();
  return updated;
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
