/** Queries for rider earnings (delivery pay, tips, bonuses) and the counts on the rider's home screen. */
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { riderEarnings } from '../../db/schema/delivery.ts';
import { orders } from '../../db/schema/orders.ts';

export type EarningInsert = typeof riderEarnings.$inferInsert;

/** Inserts unless the row clashes with a unique index (one delivery entry per order): a retry is a no-op. */
export async function insertEarningOnce(tx: Tx, values: EarningInsert) {
  await tx.insert(riderEarnings).values(values).onConflictDoNothing();
}

export async function insertEarning(tx: Tx, values: EarningInsert) {
  const [row] = await tx.insert(riderEarnings).values(values).returning();
  return row!;
}

/** The rider's total and number of delivery entries created in [start, end) (either end open when null). */
export async function sumEarningsBetween(db: Tx, riderId: string, start: Date | null, end: Date | null) {
  const conditions = [eq(riderEarnings.riderId, riderId)];
  if (start) conditions.push(gte(riderEarnings.createdAt, start));
  if (end) conditions.push(lt(riderEarnings.createdAt, end));
  const [row] = await db
    .select({
      amount: sql<number>`coalesce(sum(${riderEarnings.amount}), 0)::int`,
      deliveries: sql<number>`(count(*) FILTER (WHERE ${riderEarnings.type} = 'delivery'))::int`,
    })
    .from(riderEarnings)
    .where(and(...conditions));
  return { amount: row?.amount ?? 0, deliveries: row?.deliveries ?? 0 };
}

/** The rider's latest entries since `start` (all when null), newest first. */
export function listEarningEntries(db: Tx, riderId: string, start: Date | null, limit: number) {
  return db
    .select()
    .from(riderEarnings)
    .where(and(eq(riderEarnings.riderId, riderId), ...(start ? [gte(riderEarnings.createdAt, start)] : [])))
    .orderBy(desc(riderEarnings.createdAt))
    .limit(limit);
}

export async function countRiderDeliveredSince(db: Tx, riderId: string, since: Date) {
  const [delivered] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.riderId, riderId), eq(orders.status, 'delivered'), gte(orders.deliveredAt, since)));
  return delivered?.n ?? 0;
}

/** Orders assigned to or carried by the rider now. */
export async function countRiderActiveOrders(db: Tx, riderId: string) {
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.riderId, riderId), inArray(orders.status, ['assigned', 'picked_up'])));
  return active?.n ?? 0;
}
