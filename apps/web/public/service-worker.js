/*
 * Kampala Prime Meats service worker (hand-written, no build step).
 * - Pages: network first, but after NAVIGATION_TIMEOUT_MS (or at once when offline) the cached app
 *   shell, so a repeat visit on a poor connection paints without waiting for the network. A page
 *   carries its visitor's session and first data (boot-data) and, for public pages, its markup; the
 *   shell is kept without them, so an offline start asks for the session rather than trusting an
 *   old one, and shows the address it was opened at.
 * - /assets/*: hashed file names never change, so cache first.
 * - Catalog reads (products, categories, reviews, shop info): network first (the browser
 *   revalidates with the ETag, a 304 is cheap), falling back after CATALOG_TIMEOUT_MS or offline to
 *   the copy last seen, so recently browsed products show without the network. The answers a page
 *   carried inside it (boot-data) are kept the same way, as if the app had asked for them: a page the
 *   server sent with its listing is a listing seen. A copy is marked with OFFLINE_COPY_HEADER, so the
 *   app knows the server did not answer (apps/web/src/lib/connection.ts). Prices are checked again
 *   by the server when an order is placed.
 * - Every other /api/* request is never cached: orders, carts, accounts and riders stay live.
 * - The few unhashed files the shell needs (icons, manifest, the loader of a rendered page): network
 *   first, else the copy taken at install.
 * - Push: shows the notification the server sends (spec section 7 "/api/notifications/subscribe").
 */
const VERSION = 'v4';
const SHELL_CACHE = `kpm-shell-${VERSION}`;
const ASSET_CACHE = `kpm-assets-${VERSION}`;
const CATALOG_CACHE = `kpm-catalog-${VERSION}`;
const NAVIGATION_TIMEOUT_MS = 2500;
const CATALOG_TIMEOUT_MS = 3000;
const MAX_CATALOG = 60;
const CATALOG_PATHS = [/^\/api\/products(\/[^/]+(\/(related|reviews))?)?$/, /^\/api\/categories$/, /^\/api\/shop-info$/];
const SHELL_URL = '/';
const PRECACHE = ['/favicon.svg', '/logo.svg', '/manifest.webmanifest', '/load-app.js'];
const PAGE_MARKUP = /<div id="root" data-ssr[^>]*>[\s\S]*<\/div>\s*<noscript>/;
const PAGE_DATA = /<script type="application\/json" id="boot-data">[\s\S]*?<\/script>|<link data-page [^>]*>/g;
const BOOT_DATA = /<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/;
const OFFLINE_COPY_HEADER = 'x-offline-copy';

/**
 * The cache key of a catalog read, or null for any other address: the query's parameters sorted, as
 * the server keys a page's answers (bootKey, packages/shared/src/page-boot.ts), so a page's copy
 * answers the app's own request for the same listing.
 */
function catalogKey(url) {
  if (!CATALOG_PATHS.some((re) => re.test(url.pathname))) return null;
  const params = new URLSearchParams(url.search);
  params.sort();
  const query = params.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** Keeps `response` (a page) as the offline shell, without the visitor's data, and its catalog answers. */
async function keepShell(response) {
  const page = await response.text();
  // The page's own server-rendered markup goes too: the shell serves every address.
  const html = page.replace(PAGE_DATA, '').replace(PAGE_MARKUP, '<div id="root"></div><noscript>');
  const cache = await caches.open(SHELL_CACHE);
  await Promise.all([
    cache.put(SHELL_URL, new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })),
    keepPageAnswers(page),
  ]);
}

/** The catalog reads a page was sent with, kept as the app's own reads would be (never the session). */
async function keepPageAnswers(page) {
  let answers;
  try {
    answers = JSON.parse(BOOT_DATA.exec(page)?.[1] ?? '{}');
  } catch {
    return;
  }
  const cache = await caches.open(CATALOG_CACHE);
  for (const [url, answer] of Object.entries(answers)) {
    const key = catalogKey(new URL(url, self.location.origin));
    if (!key) continue;
    await cache.put(key, new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json; charset=utf-8' } }));
  }
  await trim(cache, MAX_CATALOG);
}

/** The cached `response`, marked as a copy the server did not just send. */
function offlineCopy(response) {
  const headers = new Headers(response.headers);
  headers.set(OFFLINE_COPY_HEADER, '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
const MAX_ASSETS = 80;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => fetch(SHELL_URL, { credentials: 'omit' }))
      .then((response) => (response.ok ? keepShell(response) : undefined))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith('kpm-') && k !== SHELL_CACHE && k !== ASSET_CACHE && k !== CATALOG_CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    const key = catalogKey(url);
    if (key) event.respondWith(networkFirstCatalog(request, key));
    return;
  }

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
    return;
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(networkFirstShellFile(request));
});

/** Resolves with the fetch, or with undefined once `ms` have passed without an answer. */
function fetchWithin(request, ms, onLate) {
  const network = fetch(request);
  network.then(onLate, () => {});
  return Promise.race([network, new Promise((resolve) => setTimeout(() => resolve(undefined), ms))]);
}

async function networkFirstPage(request) {
  // Every page is the same index.html: keep the newest copy as the offline shell (also when it
  // arrives after the timeout, for next time).
  // The copy is taken at once, before the page starts reading the body.
  const keep = (response) => {
    if (!response.ok || !(response.headers.get('content-type') || '').includes('text/html')) return;
    keepShell(response.clone()).catch(() => {});
  };
  try {
    const response = await fetchWithin(request, NAVIGATION_TIMEOUT_MS, keep);
    if (response) return response;
    const cached = await caches.match(SHELL_URL);
    return cached || (await fetch(request));
  } catch {
    const cached = await caches.match(SHELL_URL);
    if (cached) return cached;
    return new Response(
      '<!doctype html><meta charset="utf-8"><title>Offline</title><p>You are offline. Please reconnect and try again.</p>',
      {
        status: 503,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      },
    );
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    trim(cache);
  }
  return response;
}

async function networkFirstCatalog(request, key) {
  const cache = await caches.open(CATALOG_CACHE);
  const keep = (response) => {
    if (!response.ok) return;
    const copy = response.clone();
    cache.put(key, copy).then(() => trim(cache, MAX_CATALOG));
  };
  try {
    const response = await fetchWithin(request, CATALOG_TIMEOUT_MS, keep);
    if (response) return response;
    const cached = await cache.match(key);
    return cached ? offlineCopy(cached) : await fetch(request);
  } catch (err) {
    const cached = await cache.match(key);
    if (cached) return offlineCopy(cached);
    throw err;
  }
}

async function networkFirstShellFile(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(new URL(request.url).pathname, response.clone());
    return response;
  } catch (err) {
    const cached = await cache.match(new URL(request.url).pathname);
    if (cached) return cached;
    throw err;
  }
}

/** Old releases' hashed assets and old catalog reads pile up; keep the newest `max`. */
async function trim(cache, max = MAX_ASSETS) {
  const keys = await cache.keys();
  const excess = keys.length - max;
  for (let i = 0; i < excess; i++) await cache.delete(keys[i]);
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Kampala Prime Meats';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = event.notification.data?.url || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) {
        if (new URL(client.url).pathname === target && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(target);
    }),
  );
});
