/**
 * Standing orders: a trade account's repeating order (lines, weekdays, a delivery slot's time of day).
 * The shop places each occurrence at the cut-off the day before delivery (a shop setting, Kampala
 * time); until then a member may skip that one occurrence or change its lines. The maths here is
 * shared by the job, the API and the screens, so the three always agree on what is still open.
 */
import { z } from 'zod';
import { kampalaDate, kampalaDateStart } from './delivery-slots.ts';
import { TRADE_LINE_MAX_QTY } from './constants.ts';
import { CART_MAX_LINES } from './orders.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export const STANDING_ORDER_STATUSES = ['active', 'paused'] as const;
export type StandingOrderStatus = (typeof STANDING_ORDER_STATUSES)[number];

/**
 * Payment methods a standing order may carry: cash to the rider, or on the business's account when
 * it has terms. Stored as text and checked again when each order is placed (terms taken away since,
 * or the credit limit reached, fail that delivery with the reason, told to the member).
 */
export const STANDING_ORDER_PAYMENT_METHODS = ['cash_on_delivery', 'on_account'] as const;

export const RUN_STATUSES = ['placing', 'placed', 'failed', 'skipped'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const STANDING_MESSAGES = {
  notMember: 'Standing orders belong to a trade account. Apply for one first.',
  notApproved: 'Standing orders start once your trade account is approved.',
  cannotManage: 'Only the owner and buyers of the business can change standing orders.',
  notFound: 'Standing order not found',
  weekdayClosed: (day: string) => `We do not deliver on ${day}s. Please choose delivery days.`,
  slotNotOffered: 'Please choose one of the delivery slots.',
  productGone: 'This product is no longer available',
  notAnOccurrence: 'This standing order does not deliver on that day.',
  locked: (cutoff: string) => `This delivery was placed at the cut-off (${cutoff} the day before) and can no longer be changed.`,
  paymentMethod: 'Choose cash on delivery or on account.',
  noTerms: 'Your business has no terms to pay on account: choose cash on delivery, or ask us for terms.',
} as const;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please choose a delivery slot');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give a date like 2026-11-30');

export const StandingOrderLine = z.object({
  productId: z.uuid('Please choose a product'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(TRADE_LINE_MAX_QTY, `Quantity cannot be more than ${TRADE_LINE_MAX_QTY}`),
});
export type StandingOrderLine = z.infer<typeof StandingOrderLine>;

export const StandingOrderLines = z
  .array(StandingOrderLine)
  .min(1, 'Add at least one product')
  .max(CART_MAX_LINES, 'Too many products in one order')
  .refine((l) => new Set(l.map((x) => x.productId)).size === l.length, 'Each product may appear once');

export const StandingOrderInput = z.object({
  lines: StandingOrderLines,
  weekdays: z
    .array(z.number().int().min(0).max(6))
    .min(1, 'Choose at least one delivery day')
    .max(7)
    .refine((d) => new Set(d).size === d.length, 'Each day may appear once')
    .transform((d) => [...d].sort()),
  /** The delivery slot's start, "10:00": each occurrence is delivered in that slot of its day. */
  slotStart: clock,
  paymentMethod: z.enum(STANDING_ORDER_PAYMENT_METHODS, { error: STANDING_MESSAGES.paymentMethod }).default('cash_on_delivery'),
});
export type StandingOrderInput = z.input<typeof StandingOrderInput>;
export type StandingOrderData = z.output<typeof StandingOrderInput>;

export const StandingOrderStatusInput = z.object({ status: z.enum(STANDING_ORDER_STATUSES) });

/** One occurrence: skip it, or deliver other lines that day only. */
export const OccurrenceInput = z.union([z.object({ skip: z.literal(true) }), z.object({ lines: StandingOrderLines })]);
export type OccurrenceInput = z.infer<typeof OccurrenceInput>;

export const StandingOrderParams = z.object({ id: z.uuid() });
export const OccurrenceParams = z.object({ id: z.uuid(), date: isoDate });

const LineView = StandingOrderLine.extend({ productName: z.string() });
const ReducedLine = z.object({ productId: z.string(), productName: z.string(), wanted: z.number().int(), placed: z.number().int() });
export type ReducedLine = z.infer<typeof ReducedLine>;

export const StandingOrderRun = z.object({
  standingOrderId: z.string(),
  deliveryDate: z.string(),
  status: z.enum(RUN_STATUSES),
  orderId: z.string().nullable(),
  failure: z.string().nullable(),
  reduced: z.array(ReducedLine),
  createdAt: z.string(),
});
export type StandingOrderRun = z.infer<typeof StandingOrderRun>;

export const Occurrence = z.object({
  date: z.string(),
  /** When it is placed and can no longer be changed (ISO instant). */
  cutoffAt: z.string(),
  /** open: may still be skipped or changed; locked: past the cut-off (its run, if any, says what happened). */
  state: z.enum(['open', 'locked']),
  skipped: z.boolean(),
  /** The lines this one occurrence delivers instead, when changed. */
  lines: z.array(LineView).nullable(),
  run: StandingOrderRun.nullable(),
});
export type Occurrence = z.infer<typeof Occurrence>;

export const StandingOrder = z.object({
  id: z.string(),
  status: z.enum(STANDING_ORDER_STATUSES),
  lines: z.array(LineView),
  weekdays: z.array(z.number().int()),
  slotStart: z.string(),
  slotLabel: z.string(),
  paymentMethod: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  occurrences: z.array(Occurrence),
});
export type StandingOrder = z.infer<typeof StandingOrder>;

export const StandingOrders = z.object({
  canManage: z.boolean(),
  /** The business has terms, so its standing orders may be paid on account. */
  onAccount: z.boolean(),
  cutoff: z.string(),
  /** The slot start times a standing order may choose, "08:00", "10:00", …, with their labels. */
  slots: z.array(z.object({ start: z.string(), label: z.string() })),
  deliveryDays: z.array(z.number().int()),
  standingOrders: z.array(StandingOrder),
  runs: z.array(StandingOrderRun),
});
export type StandingOrders = z.infer<typeof StandingOrders>;

// --- Dates and cut-offs, all Kampala time (UTC+3 all year) ---

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The weekday (0 = Sunday) of a Kampala calendar date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a delivery on `date` is placed and locked: `cutoff` o'clock the day before. */
export function cutoffAt(date: string, cutoff: string): Date {
  return new Date(kampalaDateStart(date).getTime() - DAY_MS + minutesOf(cutoff) * MINUTE_MS);
}

/** The instant a slot starting at `slotStart` begins on `date`. */
export function slotStartOn(date: string, slotStart: string): Date {
  return new Date(kampalaDateStart(date).getTime() + minutesOf(slotStart) * MINUTE_MS);
}

/** Whether an occurrence may still be skipped or changed. */
export function isOpen(date: string, cutoff: string, now: Date): boolean {
  return now.getTime() < cutoffAt(date, cutoff).getTime();
}

/**
 * The next `count` delivery dates on the given weekdays, from today (Kampala) on. Today's own
 * occurrence is always past its cut-off (which was yesterday), so it is listed locked.
 */
export function nextOccurrences(weekdays: readonly number[], now: Date, count: number): string[] {
  const today = kampalaDate(now);
  const out: string[] = [];
  for (let d = 0; out.length < count && d < 7 * (count + 1); d++) {
    const date = addDays(today, d);
    if (weekdays.includes(weekdayOf(date))) out.push(date);
  }
  return out;
}

/**
 * The delivery dates the job places at `now`: tomorrow once its cut-off has passed, and today (a
 * run missed while every instance was down is still tried; the slot rules decide if it can go).
 */
export function dueDates(now: Date, cutoff: string): string[] {
  const today = kampalaDate(now);
  return [today, addDays(today, 1)].filter((d) => !isOpen(d, cutoff, now));
}

/** The slot starts of a delivery day under the shop's hours: opening, then every slot length. */
export function slotStarts(rules: { deliveryOpensAt: string; deliveryClosesAt: string; slotMinutes: number }): string[] {
  const out: string[] = [];
  const pad = (n: number) => String(n).padStart(2, '0');
  for (let t = minutesOf(rules.deliveryOpensAt); t + rules.slotMinutes <= minutesOf(rules.deliveryClosesAt); t += rules.slotMinutes) {
    out.push(`${pad(Math.floor(t / 60))}:${pad(t % 60)}`);
  }
  return out;
}

/** "10:00 – 12:00" for a slot start. */
export function slotLabelOf(slotStart: string, slotMinutes: number): string {
  const end = minutesOf(slotStart) + slotMinutes;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${slotStart} – ${pad(Math.floor(end / 60) % 24)}:${pad(end % 60)}`;
}

/** "Tuesday 1 Dec" for a delivery date. */
export function deliveryDayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${WEEKDAY_NAMES[d.getUTCDay()]} ${d.getUTCDate()} ${months[d.getUTCMonth()]}`;
}
