/**
 * Rules every piece of text and every date from a client must meet before it reaches PostgreSQL,
 * which refuses a NUL character in text and dates it cannot represent (year 0000), and which
 * JavaScript's Date would otherwise quietly roll over (2026-02-31 becomes 3 March).
 */
import { z } from 'zod';

export const TEXT_MESSAGES = { badCharacters: 'This text contains characters that are not allowed.' } as const;

/** A NUL, or half of a surrogate pair (not a character at all: it cannot be stored as UTF-8). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasForbiddenCharacters = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** Years the shop can mean: keeps out year 0000 and five-digit years without limiting real use. */
const MIN_YEAR = 1900;
const MAX_YEAR = 9999;

/** True when `y-m-d` names a real day of the calendar (no 31 February, no month 13). */
export function isCalendarDay(y: number, m: number, d: number): boolean {
  if (y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day written `2026-11-21` that exists in the calendar. */
export const calendarDay = (message = 'Use a date like 2026-11-21') =>
  z.string({ error: message }).refine((s) => {
    const m = DAY.exec(s);
    return !!m && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
  }, message);

/** An ISO date and time with its offset whose day exists in the calendar and whose year is plausible. */
export const calendarDateTime = (message = 'Use a date and time like 2026-11-21T14:30:00+03:00') =>
  z.iso.datetime({ offset: true, error: message }).refine((s) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})T/.exec(s);
    return !!m && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
  }, message);
