/**
 * Cash on delivery reconciliation (issue 12 item 4). A shift is one Kampala calendar day (see
 * packages/shared/src/cash.ts): the cash-on-delivery orders a rider delivered that day are cash they
 * hold; an outlet employee or an admin records each hand-over against a shift. The balance a rider
 * holds is all cash collected minus all cash handed over; a shift whose hand-overs differ from its
 * cash collected is flagged.
 */
import {
  CASH_SHIFT_DAYS,
  type CashHandoverInput,
  type CashOverview,
  type CashShift,
  type RiderCash,
  shiftStatus,
} from '@meatshop/shared/cash';
import { kampalaDate, kampalaDateStart } from '@meatshop/shared/delivery-slots';
import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { findCollectedByDay, findHandoversSince, findLifetimeTotals, findRidersForCash, insertHandover } from './cash.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function cashOverview(db: Db, now: Date, riderId?: string): Promise<CashOverview> {
  const today = kampalaDate(now);
  const from = kampalaDate(new Date(kampalaDateStart(today).getTime() - (CASH_SHIFT_DAYS - 1) * DAY_MS));
  const riders = await findRidersForCash(db, riderId);
  const ids = riders.map((r) => r.id);
  const [collected, handovers, lifetime] = [
    await findCollectedByDay(db, ids, from),
    await findHandoversSince(db, ids, from),
    await findLifetimeTotals(db, ids),
  ];
  const shiftsOf = new Map<string, Map<string, CashShift>>();
  const shift = (rider: string, date: string) => {
    const byDate = shiftsOf.get(rider) ?? new Map<string, CashShift>();
    shiftsOf.set(rider, byDate);
    const s = byDate.get(date) ?? {
      date,
      orders: 0,
      collected: 0,
      handedOver: 0,
      difference: 0,
      status: 'settled' as const,
      flagged: false,
      handovers: [],
    };
    byDate.set(date, s);
    return s;
  };
  for (const c of collected) {
    const s = shift(c.riderId!, c.date);
    s.orders = Number(c.orders);
    s.collected = Number(c.amount);
  }
  for (const { handover: h, outletName } of handovers) {
    const s = shift(h.riderId, h.shiftDate);
    s.handedOver += h.amount;
    s.handovers.push({
      id: h.id,
      amount: h.amount,
      shiftDate: h.shiftDate,
      receivedByName: h.receivedByName,
      outletName,
      note: h.note,
      createdAt: h.createdAt.toISOString(),
    });
  }
  const out: RiderCash[] = riders.map((r) => {
    const shifts = [...(shiftsOf.get(r.id)?.values() ?? [])]
      .map((s) => ({ ...s, difference: s.handedOver - s.collected, ...shiftStatus(s.collected, s.handedOver, s.date < today) }))
      .sort((a, b) => b.date.localeCompare(a.date));
    return {
      riderId: r.id,
      riderName: r.fullName,
      riderPhone: r.phone,
      balance: (lifetime.collected.get(r.id) ?? 0) - (lifetime.handed.get(r.id) ?? 0),
      collectedToday: shifts.find((s) => s.date === today)?.collected ?? 0,
      flaggedShifts: shifts.filter((s) => s.flagged).length,
      shifts,
    };
  });
  // Riders who need attention first: flagged shifts, then the most cash held.
  out.sort((a, b) => b.flaggedShifts - a.flaggedShifts || b.balance - a.balance || a.riderName.localeCompare(b.riderName));
  return { today, riders: out };
}

export interface Receiver {
  userId: string;
  name: string;
  outletId: string | null;
}

/** Records a hand-over against a shift (today by default) and answers the rider's updated cash. */
export async function recordHandover(db: Db, receiver: Receiver, input: CashHandoverInput, now: Date): Promise<RiderCash> {
  const today = kampalaDate(now);
  const shiftDate = input.shiftDate ?? today;
  if (shiftDate > today) throw invalid('A hand-over cannot be for a future shift.', { shiftDate: 'Choose today or an earlier day' });
  if (Number.isNaN(Date.parse(`${shiftDate}T00:00:00Z`)))
    throw invalid('Shift must be a date like 2026-11-21', { shiftDate: 'Invalid date' });
  await db.transaction(async (tx) => {
    const [rider] = await findRidersForCash(tx, input.riderId);
    if (!rider) throw notFound('Rider not found');
    await insertHandover(tx, {
      riderId: input.riderId,
      amount: input.amount,
      shiftDate,
      receivedById: receiver.userId,
      receivedByName: receiver.name,
      outletId: receiver.outletId,
      note: input.note ?? null,
    });
  });
  const { riders } = await cashOverview(db, now, input.riderId);
  return riders[0]!;
}
