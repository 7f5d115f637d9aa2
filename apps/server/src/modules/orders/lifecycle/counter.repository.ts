/** The SQL of the butcher's counter: an order's lines as packed, their weights, and the kept settlements. */
import { and, asc, eq, isNotNull, isNull, notInArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { counterSettlements } from '../../../db/schema/counter.ts';
import { orderItems, orders } from '../../../db/schema/orders.ts';
import { refunds } from '../../../db/schema/refunds.ts';

const lineColumns = {
  id: orderItems.id,
  productId: orderItems.productId,
  productName: orderItems.productName,
  quantity: orderItems.quantity,
  price: orderItems.price,
  pricePerKg: orderItems.pricePerKg,
  gramsPerPack: orderItems.gramsPerPack,
  tolerancePercent: orderItems.tolerancePercent,
  weighedGrams: orderItems.weighedGrams,
  finalPrice: orderItems.finalPrice,
  shortQuantity: orderItems.shortQuantity,
};

export function findCounterLines(tx: Tx, orderId: string) {
  return tx.select(lineColumns).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.productName));
}

export async function findCounterLine(tx: Tx, orderId: string, itemId: string) {
  const [row] = await tx
    .select(lineColumns)
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.id, itemId)))
    .limit(1);
  return row;
}

export async function writeLineWeight(
  tx: Tx,
  itemId: string,
  values: { weighedGrams: number; weighedPrice: number; finalPrice: number; weighedAt: Date },
) {
  await tx.update(orderItems).set(values).where(eq(orderItems.id, itemId));
}

/** The names of an order's weighed lines not weighed yet (what blocks packing). */
export async function findUnweighedLineNames(tx: Tx, orderId: string) {
  const rows = await tx
    .select({ name: orderItems.productName })
    .from(orderItems)
    .where(
      // A weighed line marked short as a whole and resolved has nothing left to weigh.
      and(
        eq(orderItems.orderId, orderId),
        isNotNull(orderItems.pricePerKg),
        isNull(orderItems.weighedGrams),
        isNull(orderItems.shortOutcome),
      ),
    )
    .orderBy(asc(orderItems.productName));
  return rows.map((r) => r.name);
}

export async function hasWeighedLines(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.pricePerKg)));
  return (row?.n ?? 0) > 0;
}

/** The order's figures after packing; conditional on the total it was settled from, like every write of the core. */
export async function writeSettledFigures(
  tx: Tx,
  orderId: string,
  fromTotal: number,
  figures: { subtotalAmount: number; discountAmount: number | null; totalAmount: number },
) {
  const [row] = await tx
    .update(orders)
    .set({ ...figures, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.totalAmount, fromTotal)))
    .returning();
  return row;
}

export async function insertSettlement(tx: Tx, values: typeof counterSettlements.$inferInsert) {
  const [row] = await tx.insert(counterSettlements).values(values).returning();
  return row!;
}

/**
 * Refunds (not failed) other than the ones that lowered the total (an edit's or the counter's own):
 * goodwill, damaged items. The total may not go below them, or more would have gone back than was paid.
 */
export async function sumOtherLiveRefunds(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.state, 'failed'), notInArray(refunds.reason, ['order_edited', 'order_weighed'])));
  return row?.n ?? 0;
}
