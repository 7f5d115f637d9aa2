/**
 * The steps of an order that only change its status and the fields that go with it: assign,
 * decline, unassign, pickup, deliver. Cancelling has its own file (it gives things back).
 */
import { ORDER_TRANSITIONS } from '@meatshop/shared/order-lifecycle';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../platform/errors.ts';
import type { OrderRow } from '../orders.repository.ts';
import { type Actor, assertMay } from './actor.ts';
import { writeStatus } from './lifecycle.repository.ts';
import { collectDueBalances } from './balance.ts';
import { assertPackedForPickup } from './counter.ts';
import { announce } from './order-event.ts';
import { auditOrderStep } from './staff-audit.ts';
import { invoiceOnDelivery } from '../../trade/invoices.service.ts';

const CHANGED = 'This order was just changed by someone else. Please reload it.';

/** Gives a pending order to a rider. */
export async function assignOrder(tx: Tx, order: OrderRow, riderId: string, actor: Actor, at = new Date()) {
  assertMay('assign', actor, order);
  const next = await writeStatus(tx, order.id, order.status, ORDER_TRANSITIONS.assign.to!, { riderId, assignedAt: at });
  if (!next) throw conflict(CHANGED);
  await announce(tx, next, 'assigned');
  await auditOrderStep(tx, actor, order, next, 'assign');
  return next;
}

/**
 * Back to the queue from a rider who has not picked it up: the rider turned it down (`decline`), an
 * admin took it off them, or the rider was deactivated (`unassign`). The rider it came from still
 * hears the event, so their app drops it.
 */
export async function returnToQueue(tx: Tx, order: OrderRow, action: 'decline' | 'unassign', actor: Actor) {
  assertMay(action, actor, order);
  const next = await writeStatus(tx, order.id, order.status, ORDER_TRANSITIONS[action].to!, { riderId: null, assignedAt: null });
  if (!next) throw conflict(CHANGED);
  await announce(tx, next, action === 'decline' ? 'declined' : 'unassigned', order.riderId);
  await auditOrderStep(tx, actor, order, next, action === 'decline' ? 'decline' : 'unassign');
  return next;
}

export async function pickUpOrder(tx: Tx, order: OrderRow, actor: Actor, at = new Date()) {
  assertMay('pickup', actor, order);
  await assertPackedForPickup(tx, order);
  const next = await writeStatus(tx, order.id, order.status, ORDER_TRANSITIONS.pickup.to!, { pickedUpAt: at });
  if (!next) throw conflict(CHANGED);
  await announce(tx, next, 'picked_up');
  return next;
}

export async function deliverOrder(tx: Tx, order: OrderRow, actor: Actor, photoUrl: string, at = new Date()) {
  assertMay('deliver', actor, order);
  const next = await writeStatus(tx, order.id, order.status, ORDER_TRANSITIONS.deliver.to!, {
    deliveredAt: at,
    deliveryPhotoUrl: photoUrl,
  });
  if (!next) throw conflict(CHANGED);
  // A balance still unpaid went out with the order: the rider's amount to collect included it.
  const collected = await collectDueBalances(tx, order.id, at);
  const delivered = collected > 0 ? { ...next, balanceDue: 0 } : next;
  // An order on a trade account's terms is billed now: its invoice is written with the delivery.
  await invoiceOnDelivery(tx, delivered, at);
  await announce(tx, delivered, 'delivered');
  return delivered;
}
