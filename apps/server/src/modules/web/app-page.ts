/**
 * The HTML of every page of the web app (fast on a cheap phone over a slow link). The
 * built index.html is one shell for all pages; per request the server adds what lets the first screen
 * paint without the round trips a single-page app otherwise makes one after another:
 * - the answers to the first screen's GET requests (page-plan.ts), inside the page as JSON
 *   (`@meatshop/shared/page-boot`), made through the app itself with the caller's cookie, so they
 *   are exactly what the browser would have been sent, and nothing it could not have asked for;
 * - for public pages, the page itself, rendered by the web app's own components
 *   (apps/web/src/entry-server.tsx) from those same answers, so a phone paints it from the HTML and
 *   React then hydrates it; it is marked `data-pending` until then, and the loader holds a tap on
 *   it, so a tap cannot land on a dead button (an attribute no style names: taking it away restyles
 *   nothing, where `inert` made the browser restyle the whole page at the moment the app took over).
 *   Its code is asked for once its content has loaded (`contentFirst`), so on a slow link the HTML,
 *   styles and pictures in view paint before the app's code competes with them for the link; the
 *   loader is told every module the route needs, so the app adds no preload of its own at start.
 *   Renders are kept (LRU) by address and data, so a page many visitors see is rendered once. React's
 *   own hints (the preload of its first picture) go into the head;
 * - for the other pages, `<link rel="modulepreload">` for the route's lazy modules (from the build
 *   manifest), fetched in parallel with the app's entry instead of after it has run, and a preload of
 *   the picture most likely to be the largest paint.
 * Every page is in one language (`pageLocale`): the render uses its texts and `<html lang>` names it,
 * so the browser loads the same texts before it hydrates.
 * Pages carry the caller's session, so they are `private, no-cache`, and are compressed here; the
 * service worker keeps the offline shell without the data, markup and `data-page` links
 * (apps/web/public/service-worker.js).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProductList } from '@meatshop/shared/catalog';
import { LANGUAGE_COOKIE, type Language, languageFromAcceptLanguage, launchedLanguage, SOURCE_LANGUAGE } from '@meatshop/shared/languages';
import { BOOT_ELEMENT_ID, bootKey, MEDIA_SIZES, mediaSrcSet } from '@meatshop/shared/page-boot';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { acceptedEncoding, COMPRESS_THRESHOLD, compress } from '../../platform/compression.ts';
import { escapeHtml, safeJson } from '../seo/product-meta.ts';
import { pagePlan } from './page-plan.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Listing cards' `sizes` (apps/web product-card.tsx, grid layout) and the product page's main picture. */

type Render = (url: string, data: Record<string, unknown>, language: Language) => Promise<string | null>;

export interface WebShell {
  template: string | null;
  /** The server-side render of the web build (dist-ssr beside dist), when built. */
  render: Render | null;
  /** The module files of these manifest keys and of everything they import, minus the entry's own. */
  preloads(keys: string[]): string[];
}

export async function loadWebShell(webRoot: string): Promise<WebShell> {
  const template = await readFile(path.join(webRoot, 'index.html'), 'utf8').catch(() => null);
  const manifest: Manifest = await readFile(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')
    .then((text) => JSON.parse(text) as Manifest)
    .catch(() => ({}));
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const k of chunk.imports ?? []) collect(k, into);
  };
  const entry = new Set<string>();
  collect('index.html', entry);
  const ssrEntry = path.join(webRoot, '..', 'dist-ssr', 'entry-server.js');
  const render = existsSync(ssrEntry)
    ? await import(pathToFileURL(ssrEntry).href).then(
        (m: { render: Render }) => m.render,
        (err: unknown) => {
          // Pages still work without it: the browser renders them.
          console.warn('The server-side render could not be loaded:', err);
          return null;
        },
      )
    : null;
  return {
    template,
    render,
    preloads(keys) {
      const files = new Set<string>();
      for (const key of keys) collect(key, files);
      return [...files].filter((f) => !entry.has(f) && f.endsWith('.js')).map((f) => `/${f}`);
    },
  };
}

const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * The page with its entry script and module preloads replaced by the loader (public/load-app.js,
 * deferred), which asks for the same modules, and the route's (`routeModules`), once the page's
 * content has loaded.
 */
export function contentFirst(html: string, routeModules: string[] = []): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...new Set([...[...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]), ...routeModules])];
  const loader = `<script defer src="/load-app.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => loader);
}

interface PageOptions {
  /** The page's HTML, when the caller has already added its own head tags (product pages). */
  html?: string;
  status?: number;
}

/** Answers `reads` through the app itself, as the caller (same cookie); only successful JSON is kept. */
async function readAll(app: App, req: FastifyRequest, reads: string[]) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (req.headers.cookie) headers.cookie = req.headers.cookie;
  if (req.headers['user-agent']) headers['user-agent'] = req.headers['user-agent'];
  const answers = await Promise.all(
    reads.map((url) =>
      app
        .inject({ method: 'GET', url, headers, remoteAddress: req.ip })
        .then((res) => ({ url, res }))
        .catch(() => null),
    ),
  );
  const data: Record<string, unknown> = {};
  const setCookies: string[] = [];
  for (const a of answers) {
    if (!a) continue;
    // The session read may renew the session cookie: the page passes it on.
    const cookie = a.res.headers['set-cookie'];
    if (cookie) setCookies.push(...(Array.isArray(cookie) ? cookie : [cookie]));
    if (a.res.statusCode !== 200 || !String(a.res.headers['content-type'] ?? '').includes('application/json')) continue;
    try {
      data[bootKey(a.url)] = a.res.json();
    } catch {
      // Not JSON after all: the browser asks for it itself.
    }
  }
  return { data, setCookies };
}

/** The picture the first screen most likely paints largest, with the srcset and sizes it will use. */
function imagePreloads(data: Record<string, unknown>, pathname: string): string[] {
  const preload = (src: string | undefined, sizes: string, high: boolean) => {
    const srcset = mediaSrcSet(src);
    if (!src || !srcset) return null;
    return `<link data-page rel="preload" as="image" imagesrcset="${escapeHtml(srcset)}" imagesizes="${sizes}"${high ? ' fetchpriority="high"' : ''}>`;
  };
  const product = /^\/products\/([^/]+)$/.exec(pathname)?.[1];
  if (product) {
    const answer = data[`/api/products/${product}`] as { product?: { imageUrls: string[] } } | undefined;
    return [preload(answer?.product?.imageUrls[0], MEDIA_SIZES.gallery, true)].filter((t): t is string => t !== null);
  }
  const listing = Object.entries(data).find(([key]) => key === '/api/products' || key.startsWith('/api/products?'))?.[1] as
    | ProductList
    | undefined;
  // The first row of the grid (two cards on a phone).
  return (listing?.products ?? [])
    .slice(0, 2)
    .map((p, i) => preload(p.imageUrls[0], MEDIA_SIZES.card, i === 0))
    .filter((t): t is string => t !== null);
}

/**
 * The page's language, and what chose it: `?lang=` (a link to a page in a language, and how the
 * switcher's choice is first made), then the `lang` cookie (the visitor's choice, kept), then the
 * browser's Accept-Language, then English. Only launched languages count.
 */
export function pageLocale(req: FastifyRequest): { language: Language; from: 'query' | 'cookie' | 'header' | 'default' } {
  const query = launchedLanguage(new URL(req.url, 'http://page').searchParams.get('lang'));
  if (query) return { language: query, from: 'query' };
  const cookie = launchedLanguage(req.cookies?.[LANGUAGE_COOKIE]);
  if (cookie) return { language: cookie, from: 'cookie' };
  const header = languageFromAcceptLanguage(req.headers['accept-language']);
  if (header) return { language: header, from: 'header' };
  return { language: SOURCE_LANGUAGE, from: 'default' };
}

const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** `html` with `<html lang>` naming `language`. */
function withLang(html: string, language: Language): string {
  return html.replace(
    /<html(\s[^>]*)?>/i,
    (_tag, attrs: string | undefined) => `<html${(attrs ?? '').replace(/\slang="[^"]*"/, '')} lang="${language}">`,
  );
}

/** Pages are sent by the app's not-found handler too, which the compress plugin's route hooks miss. */
async function compressedPage(req: FastifyRequest, reply: FastifyReply, page: string): Promise<string | Buffer> {
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (page.length < COMPRESS_THRESHOLD || !encoding) return page;
  reply.header('content-encoding', encoding);
  return compress(page, encoding);
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;

const RENDER_CACHE_SIZE = 100;
interface Rendered {
  head: string;
  body: string;
}

/** `sendPage(req, reply)`, with the shell's template (null when the web app is not built). */
export function createPageRenderer(app: App, shell: WebShell) {
  const renders = new Map<string, Rendered>();
  /** The page's markup, or null (not rendered: the browser renders it). */
  async function markup(url: string, data: Record<string, unknown>, language: Language): Promise<Rendered | null> {
    if (!shell.render) return null;
    const key = `${language}\n${url}\n${JSON.stringify(data)}`;
    const kept = renders.get(key);
    if (kept !== undefined) {
      renders.delete(key);
      renders.set(key, kept);
      return kept;
    }
    try {
      const html = await shell.render(url, data, language);
      if (html === null) return null;
      // React puts its resource hints (image preloads) first; they belong in the head, and the
      // root must hold exactly what the browser's first render draws.
      const hints = /^(?:<link [^>]*\/>)*/.exec(html)?.[0] ?? '';
      const rendered = { head: hints.replaceAll('<link ', '<link data-page '), body: html.slice(hints.length) };
      renders.set(key, rendered);
      if (renders.size > RENDER_CACHE_SIZE) renders.delete(renders.keys().next().value as string);
      return rendered;
    } catch (err) {
      app.log.warn({ err, url }, 'server render failed; the browser renders the page');
      return null;
    }
  }

  const sendPage = async function sendPage(req: FastifyRequest, reply: FastifyReply, options: PageOptions = {}) {
    const html = options.html ?? shell.template;
    if (html === null) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    const url = new URL(req.url, 'http://page');
    const plan = pagePlan(url.pathname, url.searchParams);
    const { language, from } = pageLocale(req);
    const { data, setCookies } = await readAll(app, req, plan.reads);
    const rendered = plan.render ? await markup(`${url.pathname}${url.search}`, data, language) : null;
    // A rendered page paints from its HTML: its modules load behind it (a preload would compete
    // with the HTML, the styles and the pictures for a slow link), asked for by the loader. Otherwise they come with the
    // page, and so does the picture it will paint largest (not known here for a search, ?q=, which
    // narrows the listing in the browser).
    const head = rendered
      ? [rendered.head]
      : [
          ...shell.preloads(plan.modules).map((href) => `<link data-page rel="modulepreload" crossorigin href="${href}">`),
          ...(url.searchParams.get('q') ? [] : imagePreloads(data, url.pathname)),
        ];
    const boot = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${safeJson(data)}</script>`;
    const root = rendered === null ? '<div id="root"></div>' : `<div id="root" data-ssr data-pending>${rendered.body}</div>`;
    const page = withLang(rendered ? contentFirst(html, shell.preloads(plan.modules)) : html, language)
      .replace('</head>', () => `${head.join('')}</head>`)
      .replace(/<div id="root"><\/div>/, () => `${boot}${root}`);
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
    // A language asked for on the address is kept for the pages that follow.
    if (from === 'query' && req.cookies?.[LANGUAGE_COOKIE] !== language) {
      reply.setCookie(LANGUAGE_COOKIE, language, {
        path: '/',
        maxAge: LANGUAGE_COOKIE_MAX_AGE,
        sameSite: 'lax',
        secure: req.protocol === 'https',
      });
    }
    return (
      reply
        .code(options.status ?? 200)
        .header('cache-control', 'private, no-cache')
        // The language comes from the cookie or, without one, from Accept-Language.
        .header('vary', from === 'query' ? 'cookie, accept-encoding' : 'cookie, accept-encoding, accept-language')
        .type('text/html; charset=utf-8')
        .send(await compressedPage(req, reply, page))
    );
  };
  return Object.assign(sendPage, { template: shell.template });
}
