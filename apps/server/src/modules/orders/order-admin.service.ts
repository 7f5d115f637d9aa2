/** Orders as the back office reads them: customer, outlet, rider and items, newest first. */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deliveryRiders, users } from '../../db/schema/accounts.ts';
import { products } from '../../db/schema/catalog.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { outlets } from '../../db/schema/outlets.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from './lifecycle/actor.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { cancelRefunds } from '../payments/refunds.service.ts';
import { cancel } from './lifecycle/cancel.ts';
import { lockOrderRow } from './lifecycle/lifecycle.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listAdminOrders(db: Tx, opts: { id?: string; limit?: number } = {}): Promise<AdminOrder[]> {
  const base = db
    .select({
      order: orders,
      user: { id: users.id, fullName: users.fullName, email: users.email, phone: users.phone },
      outletId: outlets.id,
      outletName: outlets.name,
      riderId: deliveryRiders.id,
      riderName: deliveryRiders.fullName,
      riderPhone: deliveryRiders.phone,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(outlets, eq(outlets.id, orders.outletId))
    .leftJoin(deliveryRiders, eq(deliveryRiders.id, orders.riderId));
  const rows = opts.id ? await base.where(eq(orders.id, opts.id)) : await base.orderBy(desc(orders.createdAt)).limit(opts.limit ?? 500);
  if (!rows.length) return [];
  const items = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      price: orderItems.price,
      imageUrls: products.imageUrls,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
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
