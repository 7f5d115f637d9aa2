/**
 * Standing-order dates with a fake clock in Kampala time (UTC+3): cut-offs the evening before,
 * across midnight, and the weekdays of the coming deliveries.
 */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  cutoffAt,
  deliveryDayLabel,
  dueDates,
  isOpen,
  nextOccurrences,
  slotLabelOf,
  slotStartOn,
  slotStarts,
  StandingOrderInput,
  weekdayOf,
} from './standing-orders.ts';

/** An instant given as Kampala wall-clock time. */
const kampala = (local: string) => new Date(`${local}+03:00`);

describe('standing-order dates', () => {
  it('knows the weekday of a calendar date and steps across months', () => {
    expect(weekdayOf('2026-11-26')).toBe(4); // Thursday
    expect(weekdayOf('2026-11-29')).toBe(0); // Sunday
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(deliveryDayLabel('2026-12-01')).toBe('Tuesday 1 Dec');
  });

  it('puts the cut-off at the set time the day before, in Kampala time', () => {
    expect(cutoffAt('2026-11-27', '18:00').toISOString()).toBe('2026-11-26T15:00:00.000Z');
    // A cut-off just after midnight Kampala is still the previous UTC day.
    expect(cutoffAt('2026-12-01', '00:30').toISOString()).toBe('2026-11-29T21:30:00.000Z');
    expect(slotStartOn('2026-11-27', '10:00').toISOString()).toBe('2026-11-27T07:00:00.000Z');
  });

  it('keeps an occurrence open until the cut-off exactly, then locks it', () => {
    expect(isOpen('2026-11-27', '18:00', kampala('2026-11-26T17:59:59'))).toBe(true);
    expect(isOpen('2026-11-27', '18:00', kampala('2026-11-26T18:00:00'))).toBe(false);
    expect(isOpen('2026-11-27', '18:00', kampala('2026-11-27T08:00:00'))).toBe(false);
  });

  it('is due tomorrow only once the cut-off has passed, and today stays due after midnight', () => {
    expect(dueDates(kampala('2026-11-26T17:59:00'), '18:00')).toEqual(['2026-11-26']);
    expect(dueDates(kampala('2026-11-26T18:00:00'), '18:00')).toEqual(['2026-11-26', '2026-11-27']);
    // 23:59 UTC is already 02:59 the next day in Kampala: "tomorrow" is the 28th, not yet due.
    expect(dueDates(new Date('2026-11-26T23:59:00Z'), '18:00')).toEqual(['2026-11-27']);
  });

  it('lists the next deliveries on the chosen weekdays, from today on, across midnight', () => {
    // Thursday 26 Nov 23:30 Kampala; Mondays and Fridays.
    expect(nextOccurrences([1, 5], kampala('2026-11-26T23:30:00'), 4)).toEqual(['2026-11-27', '2026-11-30', '2026-12-04', '2026-12-07']);
    // 00:30 Kampala on Friday is Thursday in UTC: the Friday is today, listed first.
    expect(nextOccurrences([5], new Date('2026-11-26T21:30:00Z'), 2)).toEqual(['2026-11-27', '2026-12-04']);
    expect(nextOccurrences([0, 1, 2, 3, 4, 5, 6], kampala('2026-11-26T12:00:00'), 3)).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
  });

  it('offers the slot starts of the delivery hours, and labels them', () => {
    expect(slotStarts({ deliveryOpensAt: '08:00', deliveryClosesAt: '18:00', slotMinutes: 120 })).toEqual([
      '08:00',
      '10:00',
      '12:00',
      '14:00',
      '16:00',
    ]);
    expect(slotStarts({ deliveryOpensAt: '08:30', deliveryClosesAt: '12:00', slotMinutes: 60 })).toEqual(['08:30', '09:30', '10:30']);
    expect(slotLabelOf('10:00', 120)).toBe('10:00 – 12:00');
  });

  it('refuses a standing order without days, with a day twice, or a product twice', () => {
    const line = { productId: '8d7f7a40-3f2c-4b55-9c1d-2f3c4d5e6f70', quantity: 2 };
    expect(StandingOrderInput.safeParse({ lines: [line], weekdays: [], slotStart: '10:00' }).success).toBe(false);
    expect(StandingOrderInput.safeParse({ lines: [line], weekdays: [1, 1], slotStart: '10:00' }).success).toBe(false);
    expect(StandingOrderInput.safeParse({ lines: [line, line], weekdays: [1], slotStart: '10:00' }).success).toBe(false);
    const ok = StandingOrderInput.parse({ lines: [line], weekdays: [5, 1], slotStart: '10:00' });
    expect(ok).toMatchObject({ weekdays: [1, 5], paymentMethod: 'cash_on_delivery' });
  });
});
