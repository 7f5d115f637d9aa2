/**
 * Rider earnings: one delivery entry per delivered order (a configurable rate plus a rate per km
 * from outlet to customer), tips and bonuses added by an admin, sums per Kampala day, week, month.
 */
import { periodStart, previousPeriod } from '@meatshop/shared/kampala-time';
import type { EarningPeriod, RiderEarnings, RiderStats } from '@meatshop/shared/rider';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { riderEarnings } from '../../db/schema/delivery.ts';
import { orders } from '../../db/schema/orders.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { distanceKm, roundKm } from '@meatshop/shared/geo';

export interface Rates {
  perDelivery: number;
  perKm: number;
}

/** The rider pay rates the admin set in Settings (issue 9 item 10), read when the delivery completes. */
export async function currentRates(db: Tx): Promise<Rates> {
  const s = await getShopSettings(db);
  return { perDelivery: s.riderRatePerDelivery, perKm: s.riderRatePerKm };
}

/** Writes the delivery entry for an order (once: a unique index makes a retry a no-op). */
export async function recordDeliveryEarning(
  tx: Tx,
  rates: Rates,
  e: { riderId: string; orderId: string; outlet: { lat: number; lng: number } | null; drop: { lat: number; lng: number } },
) {
  const km = e.outlet ? roundKm(distanceKm(e.outlet.lat, e.outlet.lng, e.drop.lat, e.drop.lng)) : null;
  const amount = rates.perDelivery + Math.round((km ?? 0) * rates.perKm);
  await tx
    .insert(riderEarnings)
    .values({ riderId: e.riderId, orderId: e.orderId, type: 'delivery', amount, distanceKm: km })
    .onConflictDoNothing();
}

export async function addEarning(
  tx: Tx,
  e: { riderId: string; type: 'tip' | 'bonus'; amount: number; note?: string | null; orderId?: string | null },
) {
  const [row] = await tx
    .insert(riderEarnings)
    .values({ riderId: e.riderId, type: e.type, amount: e.amount, note: e.note ?? null, orderId: e.orderId ?? null })
    .returning();
  return row!;
}

async function sumBetween(db: Db, riderId: string, start: Date | null, end: Date | null) {
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

export async function earningsFor(db: Db, riderId: string, period: EarningPeriod, now = new Date()): Promise<RiderEarnings> {
  const [today, week, month, total] = [
    await sumBetween(db, riderId, periodStart('today', now), null),
    await sumBetween(db, riderId, periodStart('week', now), null),
    await sumBetween(db, riderId, periodStart('month', now), null),
    await sumBetween(db, riderId, null, null),
  ];
  const current = { today, week, month, total }[period];
  let previousAmount: number | null = null;
  let changePercent: number | null = null;
  if (period !== 'total') {
    const prev = previousPeriod(period, now);
    previousAmount = (await sumBetween(db, riderId, prev.start, prev.end)).amount;
    changePercent = previousAmount > 0 ? Math.round(((current.amount - previousAmount) / previousAmount) * 100) : null;
  }
  const start = period === 'total' ? null : periodStart(period, now);
  const rows = await db
    .select()
    .from(riderEarnings)
    .where(and(eq(riderEarnings.riderId, riderId), ...(start ? [gte(riderEarnings.createdAt, start)] : [])))
    .orderBy(desc(riderEarnings.createdAt))
    .limit(50);
  return {
    period,
    amount: current.amount,
    deliveries: current.deliveries,
    previousAmount,
    changePercent,
    summary: { today: today.amount, week: week.amount, month: month.amount, total: total.amount },
    entries: rows.map((r) => ({
      id: r.id,
      type: r.type as 'delivery' | 'tip' | 'bonus',
      amount: r.amount,
      distanceKm: r.distanceKm,
      orderId: r.orderId,
      note: r.note,
      date: r.createdAt.toISOString(),
    })),
  };
}

export async function statsFor(db: Db, riderId: string, now = new Date()): Promise<RiderStats> {
  const start = periodStart('today', now);
  const today = await sumBetween(db, riderId, start, null);
  const [delivered] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.riderId, riderId), eq(orders.status, 'delivered'), gte(orders.deliveredAt, start)));
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.riderId, riderId), inArray(orders.status, ['assigned', 'picked_up'])));
  return { todayEarnings: today.amount, todayDeliveries: delivered?.n ?? 0, activeDeliveries: active?.n ?? 0 };
}
