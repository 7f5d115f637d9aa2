/**
 * The app's texts in the page's language (Lingui). Each language has one `I18n` instance, shared by
 * every render in it (the server renders several languages in one process; the browser only the
 * page's). Texts come in one compiled catalog per area and language (lingui.config.ts): a page
 * loads the storefront's before its first render, and a screen of another area loads that area's
 * with its own code, so a visitor downloads only the texts of their language and of what they open.
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { isLanguage, LANGUAGE_COOKIE, type Language, launchedLanguage, SOURCE_LANGUAGE } from '@meatshop/shared/languages';

export type CatalogArea = 'storefront' | 'content' | 'account' | 'rider' | 'outlet' | 'back-office';
type Loader = () => Promise<{ messages: Messages }>;

// Spelled out per language (no template import): the bundler then makes one chunk per language and
// area, and a page fetches exactly its own.
const CATALOGS: Record<CatalogArea, Record<Language, Loader>> = {
  storefront: {
    en: () => import('../locales/storefront/en.po'),
    lg: () => import('../locales/storefront/lg.po'),
    sw: () => import('../locales/storefront/sw.po'),
  },
  content: {
    en: () => import('../locales/content/en.po'),
    lg: () => import('../locales/content/lg.po'),
    sw: () => import('../locales/content/sw.po'),
  },
  account: {
    en: () => import('../locales/account/en.po'),
    lg: () => import('../locales/account/lg.po'),
    sw: () => import('../locales/account/sw.po'),
  },
  rider: {
    en: () => import('../locales/rider/en.po'),
    lg: () => import('../locales/rider/lg.po'),
    sw: () => import('../locales/rider/sw.po'),
  },
  outlet: {
    en: () => import('../locales/outlet/en.po'),
    lg: () => import('../locales/outlet/lg.po'),
    sw: () => import('../locales/outlet/sw.po'),
  },
  'back-office': {
    en: () => import('../locales/back-office/en.po'),
    lg: () => import('../locales/back-office/lg.po'),
    sw: () => import('../locales/back-office/sw.po'),
  },
};

const instances = new Map<Language, { i18n: I18n; areas: Map<CatalogArea, Promise<void>> }>();

function entry(language: Language) {
  let found = instances.get(language);
  if (!found) {
    const i18n = setupI18n();
    // Active from the start with no texts, so a text asked for before its area has loaded shows
    // instead of throwing.
    i18n.loadAndActivate({ locale: language, messages: {} });
    found = { i18n, areas: new Map() };
    instances.set(language, found);
  }
  return found;
}

/** The language's instance, with whatever areas have been loaded into it. */
export function i18nFor(language: Language): I18n {
  return entry(language).i18n;
}

/** Loads `area`'s texts into the language's instance (once; later calls share the first load). */
export function loadCatalog(language: Language, area: CatalogArea): Promise<I18n> {
  const { i18n, areas } = entry(language);
  let loading = areas.get(area);
  if (!loading) {
    loading = CATALOGS[area][language]().then(({ messages }) => i18n.load(language, { ...messages }));
    // A failed download may be retried by the next screen that needs it.
    loading.catch(() => areas.delete(area));
    areas.set(area, loading);
  }
  return loading.then(() => i18n);
}

/**
 * The page's language: the one the server rendered it in (`<html lang>`, apps/server app-page.ts
 * `pageLocale`). A page the service worker serves from its offline shell always says English, so
 * for a page the server did not render the visitor's choice (the `lang` cookie) comes first.
 */
export function pageLanguage(doc: Document = document): Language {
  const rendered = doc.getElementById('root')?.hasAttribute('data-ssr') ?? false;
  const chosen = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]+)`).exec(doc.cookie)?.[1];
  const lang = !rendered && launchedLanguage(chosen) ? chosen : doc.documentElement.lang;
  const language = isLanguage(lang) ? lang : SOURCE_LANGUAGE;
  // Written only when it changes: a write, even of the same value, is a mutation the browser may
  // restyle the page for.
  if (doc.documentElement.lang !== language) doc.documentElement.lang = language;
  return language;
}

/** Keeps `language` as the visitor's choice and shows the page again in it (rendered by the server). */
export function switchLanguage(language: Language) {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, read by the server and pageLanguage; the Cookie Store API is missing on older phones.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${365 * 24 * 3600}; samesite=lax${secure}`;
  const url = new URL(location.href);
  // An address that names a language would override the choice just made.
  url.searchParams.delete('lang');
  location.replace(url.href);
}

/**
 * `load` (a lazy screen's import) made to wait for `area`'s texts in the page's language as well, so
 * the screen's first render already has its words instead of flashing English (or message ids) and
 * then changing. Both downloads run side by side. Should the texts fail to download, so does the
 * screen, as when its own code fails: the route's error screen shows and the next visit tries again
 * (`loadCatalog` forgets a failed load). In the browser only: the server loads a page's areas itself,
 * in each page's language (entry-server.tsx, router.tsx `catalogAreasFor`), since it loads a lazy
 * screen once for all languages.
 */
export function withAreaCatalog<T>(area: CatalogArea, load: () => Promise<T>): () => Promise<T> {
  return () => {
    if (typeof document === 'undefined') return load();
    // main.tsx has set `<html lang>` to the language the app renders in (`pageLanguage`).
    const lang = document.documentElement.lang;
    const language = isLanguage(lang) ? lang : SOURCE_LANGUAGE;
    return Promise.all([load(), loadCatalog(language, area)]).then(([loaded]) => loaded);
  };
}
