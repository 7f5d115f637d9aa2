/**
 * Dates and times in the page's language, on Kampala's clock. English and Swahili go through Intl
 * (`en-UG`, `sw-UG`), which Node and every browser carry. Luganda does not: Node has it, Chromium
 * does not (it falls back to US English), so an Intl Luganda date would differ between the server's
 * render and the browser's and break hydration. Luganda's names (CLDR's) are therefore written out
 * here and used the same way on both sides, in the day-month-year order of its long date.
 */
import type { Language } from './languages.ts';

/** Africa/Kampala is UTC+3 all year (kampala-time.ts). */
const OFFSET_MS = 3 * 60 * 60 * 1000;
const TIME_ZONE = 'Africa/Kampala';

const LG = {
  months: [
    'Janwaliyo',
    'Febwaliyo',
    'Marisi',
    'Apuli',
    'Maayi',
    'Juuni',
    'Julaayi',
    'Agusito',
    'Sebuttemba',
    'Okitobba',
    'Novemba',
    'Desemba',
  ],
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apu', 'Maa', 'Juu', 'Jul', 'Agu', 'Seb', 'Oki', 'Nov', 'Des'],
  // From Sunday, as Date#getUTCDay counts.
  weekdays: ['Sabbiiti', 'Balaza', 'Lwakubiri', 'Lwakusatu', 'Lwakuna', 'Lwakutaano', 'Lwamukaaga'],
} as const;

const INTL_TAG: Record<Exclude<Language, 'lg'>, string> = { en: 'en-UG', sw: 'sw-UG' };

export interface DateOptions {
  /** With the day of the week ("Monday, 7 December 2026"). */
  weekday?: boolean;
  /** The month's name in full (default) or short ("7 Dec 2026"). */
  month?: 'long' | 'short';
  /** With the year (default). */
  year?: boolean;
}

// Building an Intl format is the costly part; each is made once.
const formats = new Map<string, Intl.DateTimeFormat>();
function intl(language: Exclude<Language, 'lg'>, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_TAG[language], { ...options, timeZone: TIME_ZONE });
    formats.set(key, f);
  }
  return f;
}

/** The same instant as a Date whose UTC fields read Kampala's wall clock. */
const kampala = (when: Date) => new Date(when.getTime() + OFFSET_MS);
const toDate = (when: Date | number | string) => (when instanceof Date ? when : new Date(when));

/** "Monday, 7 December 2026" / "Jumatatu, 7 Desemba 2026" / "Balaza, 7 Desemba 2026", as `options` ask. */
export function formatDate(when: Date | number | string, language: Language, options: DateOptions = {}): string {
  const { weekday = false, month = 'long', year = true } = options;
  const date = toDate(when);
  if (language === 'lg') {
    const k = kampala(date);
    const names = month === 'long' ? LG.months : LG.monthsShort;
    const day = `${k.getUTCDate()} ${names[k.getUTCMonth()]}${year ? ` ${k.getUTCFullYear()}` : ''}`;
    return weekday ? `${LG.weekdays[k.getUTCDay()]}, ${day}` : day;
  }
  return intl(language, {
    ...(weekday ? { weekday: 'long' } : {}),
    day: 'numeric',
    month,
    ...(year ? { year: 'numeric' } : {}),
  }).format(date);
}

/** The time of day on a 24-hour clock, as all three languages write it in Uganda: "15:30". */
export function formatTime(when: Date | number | string, language: Language): string {
  const date = toDate(when);
  if (language === 'lg') {
    const k = kampala(date);
    return `${String(k.getUTCHours()).padStart(2, '0')}:${String(k.getUTCMinutes()).padStart(2, '0')}`;
  }
  return intl(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}
