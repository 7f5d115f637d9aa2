/**
 * bench/bundle: the gzip size of the JavaScript a first visit to `/` loads: the entry script of
 * index.html, its modulepreloads and every chunk they import statically (lazy `import()` chunks, such
 * as admin, rider, outlet, maps and charts, are not counted), then every lazy entry (each route's
 * screen chunk) with the gzip size of what it adds beyond the first visit. Target: the
 * first visit under 120 KB, counting the storefront's texts in the language where they are largest (a
 * page loads its language's catalog before it starts, apps/web/src/lib/i18n.ts).
 * Last, a table of the public pages a visitor lands on: each page's first visit, the entry with that
 * route's screen chunk, its static imports, TanStack Query (every lazy route waits for it but those of
 * QUERY_FREE_SCREENS, apps/web/src/app/router.tsx), the storefront catalog and, for a content page, the
 * content catalog its screen waits for (router.tsx `awaitCatalog('content', …)`), as the build manifest
 * names them (what the server preloads with the page, apps/server/src/modules/web/page-plan.ts). Lazy
 * parts a screen loads once it shows (reviews, related products) are left out: the page is usable
 * without them.
 * Build first: npm run build -w @meatshop/web. Run: npm run bundle -w @meatshop/bench
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { QUERY_FREE_SCREENS } from '@meatshop/shared/query-free-screens';

const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build -w @meatshop/web` first');
  process.exit(1);
}
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map(
  (m) => m[1]!,
);

type Sizes = Map<string, { raw: number; gzip: number }>;
const seen: Sizes = new Map();
function visit(url: string, into: Sizes, skip?: Sizes) {
  const file = path.join(dist, url.replace(/^\//, ''));
  if (into.has(file) || skip?.has(file) || !existsSync(file)) return;
  const code = readFileSync(file);
  into.set(file, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"`; `import("./x.js")` is lazy.
  for (const m of code.toString('utf8').matchAll(/(?:from|import)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
    visit(path.posix.join(path.posix.dirname(url), m[1]!), into, skip);
  }
}
for (const e of entries) visit(e, seen);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('bench/bundle: JavaScript loaded by a first visit to / (gzip)');
let total = 0;
for (const [file, s] of [...seen.entries()].sort((a, b) => b[1].gzip - a[1].gzip)) {
  total += s.gzip;
  console.log(`  ${path.relative(dist, file).padEnd(44)} ${kb(s.raw).padStart(10)} raw  ${kb(s.gzip).padStart(9)} gzip`);
}
const catalogGzip = areaCatalog('storefront');
total += catalogGzip;
console.log(`total ${kb(total)} gzip (target < 120 KB): ${total < 120 * 1024 ? 'met' : 'NOT met'}`);

// Every lazy entry: the chunks named in a dynamic import() anywhere, with what each adds on top of
// the first visit (its own chunk and the static imports not already loaded).
const lazy = new Set<string>();
for (const file of readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
  const code = readFileSync(path.join(dist, 'assets', file), 'utf8');
  for (const m of code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)) lazy.add(path.posix.join('/assets', m[1]!));
  // Vite's preload helper lists lazy chunks as "assets/x.js" strings in __vite__mapDeps.
}
console.log('\nlazy entries: what each adds to the first visit (gzip, its chunk plus its new static imports)');
const rows: [string, number][] = [];
for (const url of lazy) {
  const extra: Sizes = new Map();
  visit(url, extra, seen);
  rows.push([url.replace(/^\/assets\//, ''), [...extra.values()].reduce((a, s) => a + s.gzip, 0)]);
}
for (const [name, gz] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${name.padEnd(44)} +${kb(gz).padStart(9)}`);

// Per public page: the entry plus the route's screen module, the query chunk and their static imports
// (manifest `imports`, the same walk the server makes to preload a page's modules).
type ManifestChunk = { file: string; name?: string; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const gzipOf = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
function closure(key: string, into: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const k of chunk.imports ?? []) closure(k, into);
}
const entryFiles = new Set<string>();
closure('index.html', entryFiles);
// The chunk holding TanStack Query's client: the one the entry imports lazily whose source map names
// lib/create-query-client.ts.
const queryKey = (manifest['index.html']?.dynamicImports ?? []).find((k) => {
  const map = path.join(dist, `${manifest[k]!.file}.map`);
  return existsSync(map) && readFileSync(map, 'utf8').includes('src/lib/create-query-client.ts');
});
const screen = (name: string) => `src/app/routes/${name}.tsx`;
// The content pages also load the content catalog with their screen (router.tsx), counted for them.
const contentGzip = areaCatalog('content');
const CONTENT_PAGES = new Set([
  '/',
  '/contact',
  '/about',
  '/discover',
  '/discover/recipes',
  '/discover/coming-soon/blogs',
  '/certifications',
  '/privacy',
]);
const PAGES: [string, string | null][] = [
  ['/', screen('storefront/home-screen')],
  ['/products', screen('storefront/products-screen')],
  ['/products/<id>', screen('storefront/product-detail-screen')],
  ['/cart', screen('storefront/cart-screen')],
  ['/contact', screen('storefront/contact-screen')],
  ['/about', screen('storefront/about-screen')],
  ['/discover', screen('storefront/discover-screen')],
  ['/discover/recipes', screen('storefront/recipes-screen')],
  ['/discover/coming-soon/blogs', screen('storefront/coming-soon-screen')],
  ['/certifications', screen('storefront/certifications-screen')],
  ['/privacy', screen('storefront/legal-screens')],
  ['/rider/login', screen('rider/rider-login-screen')],
];
const TARGET = 120 * 1024;
console.log(
  '\nfirst visit per public page (gzip: entry + screen + TanStack Query where it waits for it + static imports + the storefront catalog\n + the content catalog on content pages)',
);
console.log(`  ${'page'.padEnd(30)} ${'entry'.padStart(9)} ${'route'.padStart(9)} ${'total'.padStart(9)}  vs 120 KB`);
const entryGzip = [...entryFiles].reduce((a, f) => a + gzipOf(f), 0) + catalogGzip;
for (const [page, key] of PAGES) {
  const files = new Set(entryFiles);
  if (key) {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
    closure(key, files);
    const free = (QUERY_FREE_SCREENS as readonly string[]).includes(path.basename(key, '.tsx'));
    if (queryKey && !free) closure(queryKey, files);
  }
  const route =
    [...files].filter((f) => !entryFiles.has(f)).reduce((a, f) => a + gzipOf(f), 0) + (CONTENT_PAGES.has(page) ? contentGzip : 0);
  const total = entryGzip + route;
  const margin = TARGET - total;
  console.log(
    `  ${page.padEnd(30)} ${kb(entryGzip).padStart(9)} ${`+${kb(route)}`.padStart(9)} ${kb(total).padStart(9)}  ${margin >= 0 ? `${kb(margin)} under` : `OVER by ${kb(-margin)}`}`,
  );
}

/**
 * The gzip size of the largest language's catalog of `area` (`messages-<area>-<lang>`, loaded by a
 * dynamic import before the first render, so not among the static imports above), printed with the
 * others; the first visit counts the storefront's, a content page's the content one too.
 */
function areaCatalog(area: 'storefront' | 'content'): number {
  const sizes = readdirSync(path.join(dist, 'assets'))
    .filter((f) => new RegExp(`^messages-${area}-[a-z]+-[\\w-]+\\.js$`).test(f))
    .map((f) => {
      const code = readFileSync(path.join(dist, 'assets', f));
      return { f, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
    });
  for (const s of sizes) console.log(`  ${`assets/${s.f}`.padEnd(44)} ${kb(s.raw).padStart(10)} raw  ${kb(s.gzip).padStart(9)} gzip`);
  const largest = sizes.reduce((a, s) => (s.gzip > a.gzip ? s : a), { f: '', raw: 0, gzip: 0 });
  if (largest.f) console.log(`  (counted: the largest language's, ${largest.f})`);
  return largest.gzip;
}
