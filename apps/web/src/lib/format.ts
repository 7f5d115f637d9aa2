/** Dates and times as people in Kampala read them: `21 Nov 2026`, `21 Nov 2026, 14:30` (Africa/Kampala). */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';

// Made on first use: a formatter with a time zone loads the zone's rules, which cost more than the
// rest of the app's start put together on a slow phone, and most first screens show no date.
let dateFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;
const date = () =>
  (dateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE }));
const time = () =>
  (timeFormat ??= new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: SHOP_TIME_ZONE }));

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

export function formatDate(value: string | number | Date): string {
  return date().format(toDate(value));
}

export function formatTime(value: string | number | Date): string {
  return time().format(toDate(value));
}

export function formatDateTime(value: string | number | Date): string {
  const d = toDate(value);
  return `${date().format(d)}, ${time().format(d)}`;
}

/** A calendar day (YYYY-MM-DD, a use-by date) as `30 Nov 2026`, the same day in every time zone. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** Two-letter initials for avatars: "Daniel Okello" → "DO". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

/** `+256772123456` → `+256 772 123456` (Ugandan numbers); anything else is shown as stored. */
export function formatPhone(e164: string): string {
  const m = /^\+256(\d{3})(\d{6})$/.exec(e164);
  return m ? `+256 ${m[1]} ${m[2]}` : e164;
}

/**
 * "Daniel Okello" → "Daniel", for greetings. Same rule as `firstName` in @meatshop/shared/auth,
 * repeated here because importing that module pulls the zod schemas into the first page load.
 */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}
