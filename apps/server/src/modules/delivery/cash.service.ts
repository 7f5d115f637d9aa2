/**
 * Cash on delivery reconciliation. A shift is one Kampala calendar day (see
 * packages/shared/src/cash.ts): the cash-on-delivery orders a rider delivered that day are cash they
 * hold; an outlet employee or an admin records each hand-over against a shift. The balance a rider
 * holds is all cash collected minus all cash handed over; a shift whose hand-overs differ from its
 * cash collected is flagged. Only an admin or an outlet manager records a hand-over, for today or up to
 * 7 days back; a wrong one is never edited or deleted but cancelled by a reversing entry with a reason,
 * so the books always show what was recorded, by whom, and how it was put right.
 */
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import {
  CASH_HANDOVER_MAX_DAYS_BACK,
  CASH_SHIFT_DAYS,
  type CashHandoverInput,
  type CashOverview,
  type CashShift,
  type RiderCash,
  shiftStatus,
} from '@meatshop/shared/cash';
import { kampalaDate, kampalaDateStart } from '@meatshop/shared/delivery-slots';
import type { Db } from '../../db/client.ts';
import { conflict, invalid, notFound, pgErrorCode } from '../../platform/errors.ts';
import {
  findCollectedByDay,
  findHandoverForUpdate,
  findHandoversSince,
  findLifetimeTotals,
  findReversalOf,
  findRidersForCash,
  insertHandover,
} from './cash.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function cashOverview(db: Db, now: Date, riderId?: string): Promise<Omit<CashOverview, 'canRecord'>> {
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
  const reversedBy = new Map(handovers.flatMap(({ handover: h }) => (h.reversesId ? [[h.reversesId, h.id] as const] : [])));
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
      reversesId: h.reversesId,
      reason: h.reason,
      reversedById: reversedBy.get(h.id) ?? null,
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

/** The staff member taking the cash (their audit row is written with the entry); outletId null for an admin. */
export interface Receiver extends AuditActor {
  outletId: string | null;
}

/** Records a hand-over against a shift (today by default) and answers the rider's updated cash. */
export async function recordHandover(db: Db, receiver: Receiver, input: CashHandoverInput, now: Date): Promise<RiderCash> {
  const today = kampalaDate(now);
  const shiftDate = input.shiftDate ?? today;
  assertShiftDate(shiftDate, today);
  await db.transaction(async (tx) => {
    const [rider] = await findRidersForCash(tx, input.riderId);
    if (!rider) throw notFound('Rider not found');
    const row = await insertHandover(tx, {
      riderId: input.riderId,
      amount: input.amount,
      shiftDate,
      receivedById: receiver.userId,
      receivedByName: receiver.name,
      outletId: receiver.outletId,
      note: input.note ?? null,
    });
    await recordAudit(tx, receiver, {
      entityType: 'cash_handover',
      entityId: row.id,
      action: 'handover_record',
      after: { riderId: input.riderId, rider: rider.fullName, amount: input.amount, shiftDate, note: input.note ?? null },
    });
  });
  return riderCash(db, now, input.riderId);
}

/** A real calendar day, not after today and at most CASH_HANDOVER_MAX_DAYS_BACK days before it. */
function assertShiftDate(shiftDate: string, today: string) {
  const at = Date.parse(`${shiftDate}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== shiftDate)
    throw invalid('Shift must be a date like 2026-11-21', { shiftDate: 'Invalid date' });
  if (shiftDate > today) throw invalid('A hand-over cannot be for a future shift.', { shiftDate: 'Choose today or an earlier day' });
  const earliest = new Date(Date.parse(`${today}T00:00:00Z`) - CASH_HANDOVER_MAX_DAYS_BACK * DAY_MS).toISOString().slice(0, 10);
  if (shiftDate < earliest) {
    const message = `A hand-over can be recorded for today or up to ${CASH_HANDOVER_MAX_DAYS_BACK} days back.`;
    throw invalid(message, { shiftDate: message });
  }
}

/**
 * Cancels a wrong hand-over with a reversing entry: the same amount, negative, on the same shift, by
 * the caller, with their reason. An outlet manager reverses only hand-overs recorded at their outlet
 * (another outlet's answers like an unknown id); an admin any. A reversal is never itself reversed: a
 * hand-over reversed by mistake is recorded again.
 */
export async function reverseHandover(db: Db, by: Receiver, id: string, reason: string, now: Date): Promise<RiderCash> {
  let riderId = '';
  try {
    await db.transaction(async (tx) => {
      const h = await findHandoverForUpdate(tx, id);
      if (!h || (by.outletId !== null && h.outletId !== by.outletId)) throw notFound('Hand-over not found');
      if (h.reversesId) throw conflict('This entry is itself a reversal. Record the hand-over again instead.');
      if (await findReversalOf(tx, id)) throw conflict('This hand-over has already been reversed.');
      riderId = h.riderId;
      const reversal = await insertHandover(tx, {
        riderId: h.riderId,
        amount: -h.amount,
        shiftDate: h.shiftDate,
        receivedById: by.userId,
        receivedByName: by.name,
        outletId: by.outletId ?? h.outletId,
        note: null,
        reversesId: h.id,
        reason,
      });
      await recordAudit(tx, by, {
        entityType: 'cash_handover',
        entityId: h.id,
        action: 'update',
        before: { amount: h.amount, reversed: false },
        after: { reversed: true, reversalId: reversal.id, reason },
      });
    });
  } catch (err) {
    // Two reversals racing past the look-up: the unique index lets one through.
    if (pgErrorCode(err) === '23505') throw conflict('This hand-over has already been reversed.');
    throw err;
  }
  return riderCash(db, now, riderId);
}

async function riderCash(db: Db, now: Date, riderId: string) {
  const { riders } = await cashOverview(db, now, riderId);
  return riders[0]!;
}
