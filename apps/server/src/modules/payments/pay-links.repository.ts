/** Queries for pay links (db/schema/orders.ts `orderPayLinks`). No rules here: see pay-links.service.ts. */
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderBalances, orderItems, orderPayLinks, orders } from '../../db/schema/orders.ts';

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
      balanceId: orderPayLinks.balanceId,
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
        balanceDue: orders.balanceDue,
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

/** The customer's link to pay each balance of their order, newest first. */
export function findBalancePayLinks(tx: Tx, orderId: string) {
  return tx
    .select({ token: orderPayLinks.token, balanceId: orderPayLinks.balanceId })
    .from(orderPayLinks)
    .where(and(eq(orderPayLinks.orderId, orderId), isNotNull(orderPayLinks.balanceId)))
    .orderBy(desc(orderPayLinks.createdAt));
}

/** Per order, the newest link of a balance still due: where the customer's Pay button goes. */
export async function findDueBalanceLinks(tx: Tx, orderIds: string[]) {
  if (!orderIds.length) return [];
  const rows = await tx
    .select({ orderId: orderPayLinks.orderId, token: orderPayLinks.token })
    .from(orderPayLinks)
    .innerJoin(orderBalances, eq(orderBalances.id, orderPayLinks.balanceId))
    .where(and(inArray(orderPayLinks.orderId, orderIds), eq(orderBalances.state, 'due')))
    .orderBy(asc(orderPayLinks.createdAt));
  // Oldest first, so the newest of each order wins below.
  return [...new Map(rows.map((r) => [r.orderId, r])).values()];
}
