/** The SQL of an order edit: its lines, its figures, and the kept record of each edit. */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { orderEdits } from '../../../db/schema/order-edits.ts';
import { orderBalances, orderItems, orders } from '../../../db/schema/orders.ts';
import { refunds } from '../../../db/schema/refunds.ts';

export function findOrderLines(tx: Tx, orderId: string) {
  return tx
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      price: orderItems.price,
      options: orderItems.options,
      note: orderItems.note,
      // Carried over by an edit, so a kept line keeps what the customer asked if it is short.
      substitutionPreference: orderItems.substitutionPreference,
      alternativeProductId: orderItems.alternativeProductId,
      alternativeName: orderItems.alternativeName,
      shortQuantity: orderItems.shortQuantity,
      // A weighed line's estimate and weight, kept as they are when a slot-only edit rewrites the lines.
      pricePerKg: orderItems.pricePerKg,
      gramsPerPack: orderItems.gramsPerPack,
      pieces: orderItems.pieces,
      tolerancePercent: orderItems.tolerancePercent,
      weighedGrams: orderItems.weighedGrams,
      weighedPrice: orderItems.weighedPrice,
      weighedAt: orderItems.weighedAt,
      finalPrice: orderItems.finalPrice,
      // A near-date line's markdown, kept as it is by a slot-only edit.
      markdownUseBy: orderItems.markdownUseBy,
      markdownPercent: orderItems.markdownPercent,
      regularPrice: orderItems.regularPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));
}

export async function replaceOrderLines(tx: Tx, orderId: string, lines: Omit<typeof orderItems.$inferInsert, 'orderId'>[]) {
  await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
  await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId })));
}

type Figures = Pick<
  typeof orders.$inferInsert,
  'subtotalAmount' | 'discountAmount' | 'totalAmount' | 'deliveryAsap' | 'deliverySlotStart' | 'deliverySlotEnd'
>;

/** The order's new figures; conditional on the status it was edited in, like every write of the core. */
export async function writeOrderFigures(tx: Tx, orderId: string, status: string, figures: Figures) {
  const [row] = await tx
    .update(orders)
    .set({ ...figures, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, status)))
    .returning();
  return row;
}

/** What refunds (not failed) already promised on this order: a new total may not go below it. */
export async function sumLiveRefunds(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.state, 'failed')));
  return row?.n ?? 0;
}

export async function insertOrderEdit(tx: Tx, values: typeof orderEdits.$inferInsert) {
  const [row] = await tx.insert(orderEdits).values(values).returning();
  return row!;
}

/** The edits of an order, oldest first, with the refund each opened. */
export function findOrderEdits(tx: Tx, orderId: string) {
  return tx
    .select({
      id: orderEdits.id,
      editorRole: orderEdits.editorRole,
      editorName: orderEdits.editorName,
      before: orderEdits.before,
      after: orderEdits.after,
      amountDifference: orderEdits.amountDifference,
      refundId: orderEdits.refundId,
      refundAmount: refunds.amount,
      refundMethod: refunds.method,
      balanceId: orderEdits.balanceId,
      balanceAmount: orderBalances.amount,
      balanceState: orderBalances.state,
      balanceCancelledSince: orderBalances.cancelledAmount,
      balanceCancelled: orderEdits.balanceCancelled,
      createdAt: orderEdits.createdAt,
    })
    .from(orderEdits)
    .leftJoin(refunds, eq(refunds.id, orderEdits.refundId))
    .leftJoin(orderBalances, eq(orderBalances.id, orderEdits.balanceId))
    .where(eq(orderEdits.orderId, orderId))
    .orderBy(asc(orderEdits.createdAt));
}
