import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from './date-format.ts';

// Monday 7 December 2026, 15:30 in Kampala (12:30 UTC).
const afternoon = new Date('2026-12-07T12:30:00Z');
// 22:05 UTC on Sunday 6 December is already Monday 7 December, 01:05, in Kampala.
const pastMidnight = new Date('2026-12-06T22:05:00Z');

describe('formatDate', () => {
  it('writes a date in each language, with and without the weekday and the year', () => {
    expect(formatDate(afternoon, 'en', { weekday: true })).toBe('Monday, 7 December 2026');
    expect(formatDate(afternoon, 'sw', { weekday: true })).toBe('Jumatatu, 7 Desemba 2026');
    expect(formatDate(afternoon, 'lg', { weekday: true })).toBe('Balaza, 7 Desemba 2026');
    expect(formatDate(afternoon, 'en')).toBe('7 December 2026');
    expect(formatDate(afternoon, 'sw', { month: 'short' })).toBe('7 Des 2026');
    expect(formatDate(afternoon, 'lg', { month: 'short', year: false })).toBe('7 Des');
    expect(formatDate(afternoon, 'en', { month: 'short', year: false })).toBe('7 Dec');
  });

  it("takes the day from Kampala's clock, whatever the machine's time zone", () => {
    for (const language of ['en', 'sw', 'lg'] as const) expect(formatDate(pastMidnight, language)).toMatch(/^7 /);
    expect(formatDate(pastMidnight, 'lg', { weekday: true })).toBe('Balaza, 7 Desemba 2026');
  });

  it("names Luganda's months and weekdays as CLDR does (Node's full ICU carries them; browsers may not)", () => {
    const node = (options: Intl.DateTimeFormatOptions, at: number) =>
      new Intl.DateTimeFormat('lg', { ...options, timeZone: 'Africa/Kampala' }).format(at);
    // Skipped only where this Node has no Luganda data of its own to compare with.
    if (!Intl.DateTimeFormat.supportedLocalesOf(['lg']).length) return;
    for (let m = 0; m < 12; m++) {
      const at = Date.UTC(2026, m, 15, 9);
      expect(formatDate(at, 'lg')).toBe(`15 ${node({ month: 'long' }, at)} 2026`);
      expect(formatDate(at, 'lg', { month: 'short', year: false })).toBe(`15 ${node({ month: 'short' }, at)}`);
    }
    for (let d = 0; d < 7; d++) {
      const at = Date.UTC(2026, 11, 6 + d, 9);
      expect(formatDate(at, 'lg', { weekday: true }).split(',')[0]).toBe(node({ weekday: 'long' }, at));
    }
  });
});

describe('formatTime', () => {
  it("writes Kampala's time on a 24-hour clock in each language", () => {
    for (const language of ['en', 'sw', 'lg'] as const) {
      expect(formatTime(afternoon, language)).toBe('15:30');
      expect(formatTime(pastMidnight, language)).toBe('01:05');
    }
  });
});
