/** Entry: mounts the app and, in production builds, registers the service worker. */
import type { I18n } from '@lingui/core';
import { SOURCE_LANGUAGE } from '@meatshop/shared/languages';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadRoute, resolveRoute } from '@/app/router';
import { initSessionFromPage } from '@/features/auth/hooks/session-init';
import { i18nFor, loadCatalog, pageLanguage } from '@/lib/i18n';
import { holdPageSnapshot, restoreSavedShop } from '@/stores/shop-store';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// Error reports only where the server names a service: otherwise their code is never even fetched.
const errorReports = document.querySelector<HTMLMetaElement>('meta[name="error-reports"]');
if (errorReports?.content) {
  const dsn = errorReports.content;
  const environment = errorReports.dataset.environment ?? 'production';
  void import('@/lib/error-reports').then((m) => m.startErrorReports(dsn, { environment, target: window, pageUrl: () => location.href }));
}

// The page's language is the one the server rendered it in; its storefront texts load with the
// route's screens, before the first render (which must draw the same words as the server's).
const language = pageLanguage();
// Should the download fail, English (the service worker may hold it), then the page still starts.
const texts = loadCatalog(language, 'storefront')
  .catch(() => loadCatalog(SOURCE_LANGUAGE, 'storefront'))
  .catch(() => i18nFor(language));
const app = (i18n: I18n) => (
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>
);

/** The rest of the start waits for a task of its own, so the browser can paint and take input between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// As a transition, the first render yields to the browser every few milliseconds instead of holding
// a slow phone's main thread for its whole length.
if (root.hasAttribute('data-ssr')) {
  // The server rendered this page (entry-server.tsx): its screens are loaded first, then React takes
  // over the markup that is already on screen. Should anything differ, React renders it afresh:
  // worth a warning while developing, not an error for the visitor.
  // The start is cut into short tasks: after this module's own evaluation, a task finds the route
  // and starts loading its screens (the page has them on their way already); the page is painted (a
  // frame, then a task) and the saved cart read; the page's session is applied; then React hydrates.
  const screens = nextTask().then(() => resolveRoute(window.location.pathname));
  const restored = new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))).then(restoreSavedShop);
  void Promise.all([screens, restored, texts])
    .then(async ([, , i18n]) => {
      // The page carries the session (lib/boot-data.ts): the first screen renders without asking.
      initSessionFromPage();
      holdPageSnapshot();
      await nextTask();
      return i18n;
    })
    .then((i18n) =>
      startTransition(() => {
        hydrateRoot(root, app(i18n), {
          onRecoverableError: (err) => {
            // Marked on the page so the browser tests can tell (e2e/tests/server-render.spec.ts).
            root.dataset.hydration = 'fallback';
            if (import.meta.env.DEV) console.warn('Hydration fell back to a client render:', err);
          },
        });
      }),
    );
} else {
  // The page usually carries the session (lib/boot-data.ts): the first screen renders without asking.
  restoreSavedShop();
  initSessionFromPage();
  preloadRoute(window.location.pathname);
  void texts.then((i18n) => startTransition(() => createRoot(root).render(app(i18n))));
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    navigator.serviceWorker.register('/service-worker.js').catch((err: unknown) => {
      console.warn('Service worker registration failed', err);
    });
  // The worker's install fetches and stores the shell and the app's files: it starts a few seconds
  // after the page has loaded, so on a slow phone it never competes with the first screen (a page the
  // server rendered starts this code after it has loaded, public/load-app.js).
  const later = () => setTimeout(() => void register(), 5_000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
