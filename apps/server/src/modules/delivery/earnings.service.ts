/**
 * Rider earnings: one delivery entry per delivered order (a configurable rate plus a rate per km
 * from outlet to customer), tips and bonuses added by an admin, sums per Kampala day, week, month.
 */
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { periodStart, previousPeriod } from '@meatshop/shared/kampala-time';
import type { EarningPeriod, RiderEarnings, RiderStats } from '@meatshop/shared/rider';
import type { Db, Tx } from '../../db/client.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { distanceKm, roundKm } from '@meatshop/shared/geo';
import {
  countRiderActiveOrders,
  countRiderDeliveredSince,
  insertEarning,
  insertEarningOnce,
  listEarningEntries,
  sumEarningsBetween,
} from './earnings.repository.ts';

export interface Rates {
  perDelivery: number;
  perKm: number;
}

/** The rider pay rates the admin set in Settings, read when the delivery completes. */
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
  await insertEarningOnce(tx, { riderId: e.riderId, orderId: e.orderId, type: 'delivery', amount, distanceKm: km });
}

/** A tip or bonus an admin adds to a rider's earnings, with its row in the audit trail. */
export async function addEarning(
  db: Db,
  by: AuditActor,
  e: { riderId: string; type: 'tip' | 'bonus'; amount: number; note?: string | null; orderId?: string | null },
) {
  return db.transaction(async (tx) => {
    const values = { riderId: e.riderId, type: e.type, amount: e.amount, note: e.note ?? null, orderId: e.orderId ?? null };
    const row = await insertEarning(tx, values);
    await recordAudit(tx, by, { entityType: 'rider', entityId: e.riderId, action: 'earning_add', after: { ...values, earningId: row.id } });
    return row;
  });
}

export async function earningsFor(db: Db, riderId: string, period: EarningPeriod, now = new Date()): Promise<RiderEarnings> {
  const [today, week, month, total] = [
    await sumEarningsBetween(db, riderId, periodStart('today', now), null),
    await sumEarningsBetween(db, riderId, periodStart('week', now), null),
    await sumEarningsBetween(db, riderId, periodStart('month', now), null),
    await sumEarningsBetween(db, riderId, null, null),
  ];
  const current = { today, week, month, total }[period];
  let previousAmount: number | null = null;
  let changePercent: number | null = null;
  if (period !== 'total') {
    const prev = previousPeriod(period, now);
    previousAmount = (await sumEarningsBetween(db, riderId, prev.start, prev.end)).amount;
    changePercent = previousAmount > 0 ? Math.round(((current.amount - previousAmount) / previousAmount) * 100) : null;
  }
  const start = period === 'total' ? null : periodStart(period, now);
  const rows = await listEarningEntries(db, riderId, start, 50);
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
  const today = await sumEarningsBetween(db, riderId, start, null);
  const todayDeliveries = await countRiderDeliveredSince(db, riderId, start);
  const activeDeliveries = await countRiderActiveOrders(db, riderId);
  return { todayEarnings: today.amount, todayDeliveries, activeDeliveries };
}
