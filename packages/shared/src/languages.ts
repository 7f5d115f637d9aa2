/**
 * The languages the shop speaks. English is the source: every text is written in English in the code
 * and translated in the catalogs (apps/web/src/locales, apps/server catalogs). A language is
 * `launched` once its translations are delivered and reviewed: only launched languages are offered
 * by the switcher and chosen from Accept-Language, and only they must be complete (`npm run
 * i18n:check`); until then a missing text falls back to English.
 */
export const LANGUAGES = [
  { code: 'en', label: 'English', launched: true },
  // Offered so the switch can be tried end to end while the translators work; their unreviewed
  // texts fall back to English where missing.
  { code: 'lg', label: 'Luganda', launched: true },
  { code: 'sw', label: 'Kiswahili', launched: true },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export const SOURCE_LANGUAGE: Language = 'en';
export const LAUNCHED_LANGUAGES: readonly Language[] = LANGUAGES.filter((l) => l.launched).map((l) => l.code);
/** The cookie that holds a visitor's choice (set by `?lang=` and by the switcher). */
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && LANGUAGES.some((l) => l.code === value);
}

/** `value` when it names a launched language, else undefined. */
export function launchedLanguage(value: unknown): Language | undefined {
  return isLanguage(value) && LAUNCHED_LANGUAGES.includes(value) ? value : undefined;
}

/**
 * The first launched language of an Accept-Language header, by its q weights (`sw-KE` counts as
 * `sw`); undefined when none is launched.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) {
    const found = launchedLanguage(r.tag.split('-')[0]);
    if (found) return found;
  }
  return undefined;
}
