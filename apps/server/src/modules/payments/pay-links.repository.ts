/** Queries for pay links (db/schema/orders.ts `orderPayLinks`). No rules here: see pay-links.service.ts. */
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderItems, orderPayLinks, orders } from '../../db/schema/orders.ts';

export async function insertPayLink(tx: Tx, values: typeof orderPayLinks.$inferInsert) {
  const [row] = await tx.insert(orderPayLinks).values(values).returning();
  return row!;
}

/** The link and the parts of its order the pay page shows. */
export async function findPayLink(tx: Tx, token: string) {
  const [row] = await tx
    .select({
      token: orderPayLinks.token,
      expiresAt: orderPayLinks.expiresAt,
      order: {
        id: orders.id,
        userId: orders.userId,
        outletId: orders.outletId,
        riderId: orders.riderId,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
        subtotalAmount: orders.subtotalAmount,
        deliveryFee: orders.deliveryFee,
        discountAmount: orders.discountAmount,
        totalAmount: orders.totalAmount,
        shippingAddress: orders.shippingAddress,
        mobileMoneyPhone: orders.mobileMoneyPhone,
        createdAt: orders.createdAt,
      },
    })
    .from(orderPayLinks)
    .innerJoin(orders, eq(orders.id, orderPayLinks.orderId))
    .where(eq(orderPayLinks.token, token))
    .limit(1);
  return row;
}

export function findPayLinkItems(tx: Tx, orderId: string) {
  return tx
    .select({ productName: orderItems.productName, quantity: orderItems.quantity, price: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));
}
