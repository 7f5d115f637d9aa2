/**
 * Delivery slots: which delivery times a customer may choose, from the shop's
 * delivery hours, days, same-day cut-off and slot length. All in Kampala time (UTC+3 all year, no
 * daylight saving, so a fixed offset is exact in the browser, Node and both database drivers).
 * The server decides; the checkout only shows what the server offers.
 */
import { z } from 'zod';
import { calendarDateTime } from './text-rules.ts';
import type { ShopSettings } from './shop-settings.ts';

const OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export type SlotRules = Pick<
  ShopSettings,
  'deliveryOpensAt' | 'deliveryClosesAt' | 'deliveryDays' | 'sameDayCutoff' | 'slotMinutes' | 'slotDaysAhead'
>;

export const SLOT_MESSAGES = {
  asapClosed: 'We are not delivering right now. Please choose a delivery slot.',
  notOffered: 'This delivery slot is no longer available. Please choose another one.',
  full: 'This delivery slot is full. Please choose another one.',
  noneLeft: 'No delivery slots are available in the coming days. Please try again later.',
} as const;

/** What the checkout sends: "asap" or the start of an offered slot (ISO instant). */
export const DeliverySlotChoice = z.union([z.literal('asap'), calendarDateTime('Please choose a delivery time')]);
export type DeliverySlotChoice = z.infer<typeof DeliverySlotChoice>;

/** How an order's delivery time reads on every screen; null for orders placed before slots existed. */
export const DeliverySlotView = z
  .object({ asap: z.boolean(), start: z.string().nullable(), end: z.string().nullable(), label: z.string() })
  .nullable();
export type DeliverySlotView = z.infer<typeof DeliverySlotView>;

export const DeliverySlotOption = z.object({
  start: z.string(),
  end: z.string(),
  label: z.string(),
  remaining: z.number().int(),
});
export const DeliverySlotsResponse = z.object({
  asap: z.object({ available: z.boolean(), note: z.string() }),
  sameDayCutoff: z.string(),
  capacity: z.number().int(),
  days: z.array(z.object({ date: z.string(), label: z.string(), slots: z.array(DeliverySlotOption) })),
});
export type DeliverySlotsResponse = z.infer<typeof DeliverySlotsResponse>;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const pad = (n: number) => String(n).padStart(2, '0');

/** The Kampala day holding `now`: its start instant, the minutes since midnight and the weekday. */
export function kampalaDay(now: Date) {
  const local = new Date(now.getTime() + OFFSET_MS);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - OFFSET_MS;
  return { start, minutes: local.getUTCHours() * 60 + local.getUTCMinutes(), weekday: local.getUTCDay() };
}

/** "2026-11-21": the Kampala calendar date of an instant. */
export function kampalaDate(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Kampala calendar date starts. */
export function kampalaDateStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - OFFSET_MS);
}

/** "As soon as possible" is offered on a delivery day, from opening until the same-day cut-off. */
export function asapAvailable(rules: SlotRules, now: Date): boolean {
  const { minutes, weekday } = kampalaDay(now);
  const until = Math.min(minutesOf(rules.sameDayCutoff), minutesOf(rules.deliveryClosesAt));
  return rules.deliveryDays.includes(weekday) && minutes >= minutesOf(rules.deliveryOpensAt) && minutes < until;
}

export interface Slot {
  start: Date;
  end: Date;
}

/**
 * Every slot offered at `now`: today's slots that have not started yet while before the same-day
 * cut-off, then every slot of the next `slotDaysAhead` delivery days.
 */
export function offeredSlots(rules: SlotRules, now: Date): Slot[] {
  const today = kampalaDay(now);
  const opens = minutesOf(rules.deliveryOpensAt);
  const closes = minutesOf(rules.deliveryClosesAt);
  const out: Slot[] = [];
  for (let d = 0; d <= rules.slotDaysAhead; d++) {
    const dayStart = today.start + d * DAY_MS;
    if (!rules.deliveryDays.includes((today.weekday + d) % 7)) continue;
    if (d === 0 && today.minutes >= minutesOf(rules.sameDayCutoff)) continue;
    for (let t = opens; t + rules.slotMinutes <= closes; t += rules.slotMinutes) {
      const start = dayStart + t * MINUTE_MS;
      if (start <= now.getTime()) continue;
      out.push({ start: new Date(start), end: new Date(start + rules.slotMinutes * MINUTE_MS) });
    }
  }
  return out;
}

/** The offered slot starting at `start`, if any (what POST /api/orders accepts). */
export function findOfferedSlot(rules: SlotRules, start: Date, now: Date): Slot | undefined {
  return offeredSlots(rules, now).find((s) => s.start.getTime() === start.getTime());
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "14:30" in Kampala time. */
export function kampalaClock(at: Date): string {
  const local = new Date(at.getTime() + OFFSET_MS);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** "Sat 21 Nov" in Kampala time. */
export function kampalaDayLabel(at: Date): string {
  const local = new Date(at.getTime() + OFFSET_MS);
  return `${WEEKDAYS[local.getUTCDay()]} ${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]}`;
}

/** "10:00 – 12:00" */
export function slotTimeLabel(slot: Slot): string {
  return `${kampalaClock(slot.start)} – ${kampalaClock(slot.end)}`;
}

/** "Sat 21 Nov, 10:00 – 12:00", or "As soon as possible". */
export function deliverySlotLabel(v: { asap: boolean; start: Date | null; end: Date | null }): string {
  if (v.asap || !v.start || !v.end) return 'As soon as possible';
  return `${kampalaDayLabel(v.start)}, ${slotTimeLabel({ start: v.start, end: v.end })}`;
}

/** "Today", "Tomorrow" or "Mon 23 Nov" for a day of the slot picker. */
export function slotDayLabel(date: string, now: Date): string {
  const today = kampalaDate(now);
  if (date === today) return 'Today';
  if (date === kampalaDate(new Date(now.getTime() + DAY_MS))) return 'Tomorrow';
  return kampalaDayLabel(kampalaDateStart(date));
}
