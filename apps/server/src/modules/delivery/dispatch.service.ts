/**
 * Dispatch: an admin hands a pending order to a rider (spec section 4: "Admin assigns a rider to a
 * Pending order: status assigned, rider_id and assigned_at set"). Only orders that can be fulfilled
 * are dispatched: paid, or cash on delivery; and only to an active rider who is online.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deliveryRiders } from '../../db/schema/accounts.ts';
import { orders } from '../../db/schema/orders.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';

export const DISPATCH_MESSAGES = {
  notPending: 'Only pending orders can be assigned to a rider.',
  notPayable: 'This order is not paid yet. Assign a rider once it is paid, or for cash on delivery.',
  riderUnavailable: 'This rider is not available. Choose an active rider who is online.',
} as const;

/** Assigns inside the caller's transaction and publishes the order event there (after COMMIT only). */
export async function assignRider(tx: Tx, orderId: string, riderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order not found');
  if (order.status !== 'pending') throw new AppError('RULE_BROKEN', DISPATCH_MESSAGES.notPending);
  if (!(order.paymentStatus === 'paid' || (order.paymentMethod === 'cash_on_delivery' && order.paymentStatus === 'pending')))
    throw new AppError('RULE_BROKEN', DISPATCH_MESSAGES.notPayable);
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
