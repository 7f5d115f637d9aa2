/**
 * Cash on delivery reconciliation. A rider's shift is one Kampala calendar day
 * (00:00–24:00, UTC+3): cash collected on it is the total of the cash-on-delivery orders the rider
 * delivered that day; hand-overs are recorded against a shift by an outlet employee or an admin.
 * A shift whose hand-overs do not equal its cash collected is flagged, as is a past shift whose
 * cash was never handed over.
 */
import { z } from 'zod';
import { calendarDay } from './text-rules.ts';

export const CASH_SHIFT_DAYS = 14;
/** A hand-over may be recorded for today's shift or one of the 7 days before, never a future one. */
export const CASH_HANDOVER_MAX_DAYS_BACK = 7;

export const CashHandoverInput = z.object({
  riderId: z.string().min(1, 'Choose a rider'),
  amount: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be a whole number of shillings')
    .min(1, 'Amount must be more than 0')
    .max(100_000_000, 'Amount is too large'),
  /** The Kampala day the cash was collected on; today when left out. */
  shiftDate: calendarDay('Shift must be a date like 2026-11-21').optional(),
  note: z
    .string()
    .trim()
    .max(300, 'Note is too long')
    .optional()
    .transform((v) => v || undefined),
});
export type CashHandoverInput = z.input<typeof CashHandoverInput>;

/** A wrong hand-over is corrected by a reversing entry that says why; nothing is edited or deleted. */
export const CashReverseInput = z.object({
  reason: z.string().trim().min(3, 'Please say why this hand-over is wrong').max(300, 'Reason is too long'),
});
export type CashReverseInput = z.input<typeof CashReverseInput>;

export const HandoverIdParams = z.object({ id: z.uuid('Hand-over not found') });

export const CASH_SHIFT_STATUSES = ['open', 'settled', 'short', 'over', 'not_handed_over'] as const;
export type CashShiftStatus = (typeof CASH_SHIFT_STATUSES)[number];

export const CASH_SHIFT_LABEL: Record<CashShiftStatus, string> = {
  open: 'In progress',
  settled: 'Settled',
  short: 'Short',
  over: 'Over',
  not_handed_over: 'Not handed over',
};

export const CashHandover = z.object({
  id: z.string(),
  amount: z.number().int(),
  shiftDate: z.string(),
  receivedByName: z.string(),
  outletName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** On a reversing entry (negative amount): the hand-over it cancels, and why. */
  reversesId: z.string().nullable(),
  reason: z.string().nullable(),
  /** On a hand-over that was reversed: the reversing entry. */
  reversedById: z.string().nullable(),
});
export type CashHandover = z.infer<typeof CashHandover>;

export const CashShift = z.object({
  date: z.string(),
  /** Cash-on-delivery orders delivered on this shift. */
  orders: z.number().int(),
  collected: z.number().int(),
  handedOver: z.number().int(),
  /** handedOver − collected: negative is short, positive is over. */
  difference: z.number().int(),
  status: z.enum(CASH_SHIFT_STATUSES),
  flagged: z.boolean(),
  handovers: z.array(CashHandover),
});
export type CashShift = z.infer<typeof CashShift>;

export const RiderCash = z.object({
  riderId: z.string(),
  riderName: z.string(),
  riderPhone: z.string(),
  /** Cash the rider holds now: everything collected minus everything handed over. */
  balance: z.number().int(),
  collectedToday: z.number().int(),
  flaggedShifts: z.number().int(),
  shifts: z.array(CashShift),
});
export type RiderCash = z.infer<typeof RiderCash>;

export const CashOverview = z.object({
  today: z.string(),
  riders: z.array(RiderCash),
  /** Whether the caller may record and reverse hand-overs (an admin or the outlet's manager). */
  canRecord: z.boolean(),
});
export type CashOverview = z.infer<typeof CashOverview>;

/** The status of one shift from its totals; `isPast` is true once its Kampala day has ended. */
export function shiftStatus(collected: number, handedOver: number, isPast: boolean): { status: CashShiftStatus; flagged: boolean } {
  if (handedOver === 0) {
    if (collected === 0) return { status: 'settled', flagged: false };
    return isPast ? { status: 'not_handed_over', flagged: true } : { status: 'open', flagged: false };
  }
  if (handedOver === collected) return { status: 'settled', flagged: false };
  return { status: handedOver < collected ? 'short' : 'over', flagged: true };
}
