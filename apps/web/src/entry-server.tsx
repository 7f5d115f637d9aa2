/**
 * Server rendering of the public pages (a slow phone paints the page from its HTML, before
 * any JavaScript has arrived or run). Built by `vite build --ssr` into dist-ssr/ and called by the API
 * server (apps/server/src/modules/web/app-page.ts) with the page's first data, the same answers the
 * page carries for the browser (lib/boot-data.ts), so the browser's first render matches and React
 * hydrates the markup instead of drawing it again.
 *
 * Rendering is synchronous once the route's screens are loaded, so the per-page state it sets (the
 * page's data, the session in the shop store, the shop info) cannot mix with another page's: each
 * render sets it, renders, and clears it, with nothing awaited in between. Every page gets its own
 * QueryClient.
 */
import type { SessionResponse } from '@meatshop/shared/auth';
import { isLanguage, type Language, SOURCE_LANGUAGE } from '@meatshop/shared/languages';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '@/app/app';
import { catalogAreasFor, resolveRoute, routes } from '@/app/router';
import { initSessionFromPage } from '@/features/auth/hooks/session-init';
import { type ShopInfo, setShopInfo } from '@/features/catalog/api/get-shop-info';
import { setPageData } from '@/lib/boot-data';
import { loadCatalog } from '@/lib/i18n';
import { createQueryClient } from '@/lib/create-query-client';
import { createStaticRouter, RouterProvider } from '@/lib/router';
import { ensureQueryClient } from '@/lib/query-client';
import { useShopStore } from '@/stores/shop-store';

const blank = useShopStore.getState();

/**
 * The markup of `url` (path and query) with `data` (answers keyed as in @meatshop/shared/page-boot),
 * or null when no route matches: the browser then renders it itself. `language`: the page's
 * (apps/server app-page.ts `pageLocale`), the one the browser reads back from `<html lang>`.
 */
export async function render(url: string, data: Record<string, unknown>, language: Language = SOURCE_LANGUAGE): Promise<string | null> {
  // Lazy screens wait for TanStack Query (lib/query-client.ts); loaded once per process, as is
  // each language's catalog.
  const lang = isLanguage(language) ? language : SOURCE_LANGUAGE;
  const { pathname } = new URL(url, 'http://localhost');
  // An area's screen (the rider sign-in) renders with its area's texts, as the browser will hydrate it.
  const [i18n] = await Promise.all([
    loadCatalog(lang, 'storefront'),
    ensureQueryClient(),
    ...catalogAreasFor(pathname).map((area) => loadCatalog(lang, area)),
  ]);
  await resolveRoute(pathname);
  const router = createStaticRouter(routes, url);
  if (router.state.error) return null;
  const queryClient = createQueryClient();

  setPageData(data);
  setShopInfo(data['/api/shop-info'] as ShopInfo | undefined);
  useShopStore.setState({ ...blank, initialized: false }, true);
  try {
    // A session the server has just ended shows a toast in the browser: that page is left to it.
    const session = data['/api/auth/session'] as SessionResponse | undefined;
    if (!session || session.error || !initSessionFromPage()) return null;
    return renderToString(
      <StrictMode>
        <App i18n={i18n} queryClient={queryClient} router={<RouterProvider router={router} />} />
      </StrictMode>,
    );
  } finally {
    setPageData({});
    setShopInfo(undefined);
    useShopStore.setState({ ...blank }, true);
    queryClient.clear();
  }
}
