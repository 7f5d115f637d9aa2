/** Orders as the back office reads them: customer, outlet, rider and items, newest first. */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from './lifecycle/actor.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { cancelRefunds } from '../payments/refunds.service.ts';
import { cancel } from './lifecycle/cancel.ts';
import { lockOrderRow } from './lifecycle/lifecycle.repository.ts';
import { findAdminOrderItems, findAdminOrderRows } from './orders.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listAdminOrders(db: Tx, opts: { id?: string; limit?: number } = {}): Promise<AdminOrder[]> {
  const rows = await findAdminOrderRows(db, opts);
  if (!rows.length) return [];
  const items = await findAdminOrderItems(
    db,
    rows.map((r) => r.order.id),
  );
  const byOrder = new Map<string, AdminOrder['items']>();
  for (const it of items) {
    const list = byOrder.get(it.orderId) ?? [];
    list.push({
      id: it.id,
      productId: it.productId,
      productName: it.productName,
      imageUrl: it.imageUrls?.[0] ?? null,
      quantity: it.quantity,
      price: it.price,
    });
    byOrder.set(it.orderId, list);
  }
  return rows.map(({ order: o, user, outletId, outletName, riderId, riderName, riderPhone }) => ({
    id: o.id,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
    subtotalAmount: o.subtotalAmount,
    deliveryFee: o.deliveryFee,
    totalAmount: o.totalAmount,
    discountAmount: o.discountAmount,
    couponCode: o.couponCode,
    shippingAddress: o.shippingAddress,
    deliveryInstructions: o.deliveryInstructions,
    createdAt: o.createdAt.toISOString(),
    assignedAt: iso(o.assignedAt),
    pickedUpAt: iso(o.pickedUpAt),
    deliveredAt: iso(o.deliveredAt),
    cancelledAt: iso(o.cancelledAt),
    cancelReason: o.cancelReason,
    goodsReturnedAt: iso(o.goodsReturnedAt),
    user,
    outlet: outletId ? { id: outletId, name: outletName ?? '' } : null,
    rider: riderId ? { id: riderId, fullName: riderName ?? '', phone: riderPhone ?? '' } : null,
    deliveryPhotoUrl: o.deliveryPhotoUrl,
    items: byOrder.get(o.id) ?? [],
  }));
}

export async function getAdminOrder(db: Tx, id: string) {
  const [o] = await listAdminOrders(db, { id });
  if (!o) throw notFound('Order not found');
  return o;
}

/**
 * An admin cancels any open order, with a reason: the order core gives back what it held (stock
 * only once the goods are at the outlet) and opens a refund when it was paid.
 */
export async function cancelOrderAsAdmin(deps: PaymentDeps, admin: Actor, id: string, reason: string) {
  const refunds = cancelRefunds(deps);
  await deps.db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, id);
    if (!order) throw notFound('Order not found');
    await cancel(tx, order, 'admin', admin, { reason, openRefund: refunds.open });
  });
  await refunds.sendOpened();
  return getAdminOrder(deps.db, id);
}
