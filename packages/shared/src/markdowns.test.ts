/** The markdown window and price, on a fake clock (Kampala days). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopDay } from './batches.ts';
import { formatUseBy, isNearDate, markdownLineLabel, markdownPercent, markdownPrice, markdownWindow } from './markdowns.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the markdown window', () => {
  // Use by 30 Nov, sold through 29 Nov (cut-off 1 day before); 20 % off in the last 2 days: 28 and 29 Nov.
  const rule = { percent: 20, days: 2 };

  it('opens N days up to and including the sell-by date, and closes after it', () => {
    expect(markdownWindow('2026-11-30', 1, 2)).toEqual({ from: '2026-11-28', to: '2026-11-29' });
    expect(isNearDate('2026-11-30', 1, rule, '2026-11-27')).toBe(false);
    expect(isNearDate('2026-11-30', 1, rule, '2026-11-28')).toBe(true);
    expect(isNearDate('2026-11-30', 1, rule, '2026-11-29')).toBe(true);
    // Past the sell-by date it is no longer sold at all.
    expect(isNearDate('2026-11-30', 1, rule, '2026-11-30')).toBe(false);
  });

  it('with one day, only the sell-by day itself; across a month end', () => {
    expect(markdownWindow('2026-12-01', 1, 1)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(markdownWindow('2027-01-02', 2, 3)).toEqual({ from: '2026-12-29', to: '2026-12-31' });
  });

  it('never marks down the unknown batch or a category without a rule', () => {
    expect(markdownWindow(null, 1, 3)).toBeNull();
    expect(isNearDate(null, 1, rule, '2026-11-28')).toBe(false);
    expect(isNearDate('2026-11-30', 1, null, '2026-11-28')).toBe(false);
  });

  it('counts the day in Kampala: 21:00 UTC on the eve is already the first day on offer', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T20:59:00Z'));
    expect(isNearDate('2026-11-30', 1, rule, shopDay())).toBe(false);
    vi.setSystemTime(new Date('2026-11-27T21:00:00Z'));
    expect(isNearDate('2026-11-30', 1, rule, shopDay())).toBe(true);
    vi.setSystemTime(new Date('2026-11-29T20:59:00Z'));
    expect(isNearDate('2026-11-30', 1, rule, shopDay())).toBe(true);
    vi.setSystemTime(new Date('2026-11-29T21:00:00Z'));
    expect(isNearDate('2026-11-30', 1, rule, shopDay())).toBe(false);
  });
});

describe('the markdown price', () => {
  it('takes the percent off in whole shillings, halves up', () => {
    expect(markdownPrice(18_000, 20)).toBe(14_400);
    expect(markdownPrice(1_005, 50)).toBe(503);
    expect(markdownPrice(999, 33)).toBe(669);
    expect(markdownPrice(0, 90)).toBe(0);
  });

  it('accepts whole percents from 5 to 90 only', () => {
    expect(markdownPercent.safeParse(5).success).toBe(true);
    expect(markdownPercent.safeParse(90).success).toBe(true);
    expect(markdownPercent.safeParse(4).success).toBe(false);
    expect(markdownPercent.safeParse(91).success).toBe(false);
    expect(markdownPercent.safeParse(12.5).success).toBe(false);
  });

  it('labels the line the same way everywhere', () => {
    expect(formatUseBy('2026-11-03')).toBe('3 Nov 2026');
    expect(markdownLineLabel({ useBy: '2026-11-30', percent: 20 })).toBe('Best before 30 Nov 2026 · 20% off');
  });
});
