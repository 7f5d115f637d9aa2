/** Queries of cash-on-delivery reconciliation: cash collected per rider and Kampala day, hand-overs. */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deliveryRiders } from '../../db/schema/accounts.ts';
import { cashHandovers } from '../../db/schema/delivery-ops.ts';
import { orders } from '../../db/schema/orders.ts';
import { outlets } from '../../db/schema/outlets.ts';
import { riderCashSql, takesRiderCashSql } from '../payments/refunds.repository.ts';

// A literal, not a parameter: the same expression must appear in SELECT and GROUP BY.
const TZ = sql.raw(`'Africa/Kampala'`);
const deliveredDay = sql<string>`to_char(${orders.deliveredAt} AT TIME ZONE ${TZ}, 'YYYY-MM-DD')`;

/** Cash collected per rider and Kampala day since `fromDate` (inclusive): totals less refunds made before delivery, and balances collected. */
export async function findCollectedByDay(tx: Tx, riderIds: string[], fromDate: string) {
  if (!riderIds.length) return [];
  return tx
    .select({
      riderId: orders.riderId,
      date: deliveredDay,
      orders: sql<number>`count(*)::int`,
      amount: sql<number>`sum(${riderCashSql})::int`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.riderId, riderIds),
        takesRiderCashSql,
        eq(orders.status, 'delivered'),
        sql`${orders.deliveredAt} >= (${fromDate}::date::timestamp AT TIME ZONE ${TZ})`,
      ),
    )
    .groupBy(orders.riderId, deliveredDay);
}

/** All-time totals per rider: cash collected and cash handed over. */
export async function findLifetimeTotals(tx: Tx, riderIds: string[]) {
  if (!riderIds.length) return { collected: new Map<string, number>(), handed: new Map<string, number>() };
  const collected = await tx
    .select({ riderId: orders.riderId, amount: sql<number>`coalesce(sum(${riderCashSql}), 0)::int` })
    .from(orders)
    .where(and(inArray(orders.riderId, riderIds), takesRiderCashSql, eq(orders.status, 'delivered')))
    .groupBy(orders.riderId);
  const handed = await tx
    .select({ riderId: cashHandovers.riderId, amount: sql<number>`coalesce(sum(${cashHandovers.amount}), 0)::int` })
    .from(cashHandovers)
    .where(inArray(cashHandovers.riderId, riderIds))
    .groupBy(cashHandovers.riderId);
  return {
    collected: new Map(collected.map((r) => [r.riderId!, Number(r.amount)])),
    handed: new Map(handed.map((r) => [r.riderId, Number(r.amount)])),
  };
}

export async function findHandoversSince(tx: Tx, riderIds: string[], fromDate: string) {
  if (!riderIds.length) return [];
  return tx
    .select({ handover: cashHandovers, outletName: outlets.name })
    .from(cashHandovers)
    .leftJoin(outlets, eq(outlets.id, cashHandovers.outletId))
    .where(and(inArray(cashHandovers.riderId, riderIds), gte(cashHandovers.shiftDate, fromDate)))
    .orderBy(desc(cashHandovers.createdAt));
}

export async function findRidersForCash(tx: Tx, riderId?: string) {
  const base = tx.select({ id: deliveryRiders.id, fullName: deliveryRiders.fullName, phone: deliveryRiders.phone }).from(deliveryRiders);
  return riderId ? base.where(eq(deliveryRiders.id, riderId)) : base.orderBy(deliveryRiders.fullName);
}

/** One hand-over, locked until COMMIT so two reversals of it are decided one after the other. */
export async function findHandoverForUpdate(tx: Tx, id: string) {
  const [row] = await tx.select().from(cashHandovers).where(eq(cashHandovers.id, id)).for('update');
  return row;
}

export async function findReversalOf(tx: Tx, id: string) {
  const [row] = await tx.select({ id: cashHandovers.id }).from(cashHandovers).where(eq(cashHandovers.reversesId, id)).limit(1);
  return row;
}

export async function insertHandover(tx: Tx, values: typeof cashHandovers.$inferInsert) {
  const [row] = await tx.insert(cashHandovers).values(values).returning();
  return row!;
}
