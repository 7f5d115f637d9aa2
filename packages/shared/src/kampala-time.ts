/**
 * Kampala calendar arithmetic. Africa/Kampala is UTC+3 all year (no daylight saving), so a fixed
 * offset is exact and works the same in the browser, Node and both database drivers.
 */
const OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type CalendarPeriod = 'today' | 'week' | 'month';

/** The instant a Kampala day, week (from Monday) or month starts, for the period holding `now`. */
export function periodStart(period: CalendarPeriod, now: Date = new Date()): Date {
  const local = new Date(now.getTime() + OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  if (period === 'month') return new Date(Date.UTC(y, m, 1) - OFFSET_MS);
  const dayStart = Date.UTC(y, m, d) - OFFSET_MS;
  if (period === 'today') return new Date(dayStart);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(dayStart - sinceMonday * DAY_MS);
}

/** The period before: [start, end) of yesterday, last week or last month. */
export function previousPeriod(period: CalendarPeriod, now: Date = new Date()): { start: Date; end: Date } {
  const end = periodStart(period, now);
  const justBefore = new Date(end.getTime() - 1);
  return { start: periodStart(period, justBefore), end };
}

/**
 * The instants a list's "from" and "to" Kampala days (YYYY-MM-DD, both included) cover: from the
 * first day's midnight to the midnight after the last, for a `>= from and < before` filter.
 */
export function kampalaDayRange(fromDay?: string, toDay?: string): { from?: Date; before?: Date } {
  const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`) - OFFSET_MS;
  return {
    from: fromDay ? new Date(midnight(fromDay)) : undefined,
    before: toDay ? new Date(midnight(toDay) + DAY_MS) : undefined,
  };
}
