/**
 * bench/bundle: the gzip size of the JavaScript a first visit to `/` loads: the entry script of
 * index.html, its modulepreloads and every chunk they import statically (lazy `import()` chunks, such
 * as admin, rider, outlet, maps and charts, are not counted), then every lazy entry (each route's
 * screen chunk) with the gzip size of what it adds beyond the first visit. Target: the
 * first visit under 120 KB, counting the storefront's texts in the language where they are largest (a
 * page loads its language's catalog before it starts, apps/web/src/lib/i18n.ts).
 * Build first: npm run build -w @meatshop/web. Run: npm run bundle -w @meatshop/bench
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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
total += storefrontCatalog();
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

/**
 * The gzip size of the largest language's storefront catalog (`messages-storefront-<lang>`, loaded
 * by a dynamic import before the first render, so not among the static imports above), printed
 * with the others; the first visit counts it.
 */
function storefrontCatalog(): number {
  const sizes = readdirSync(path.join(dist, 'assets'))
    .filter((f) => /^messages-storefront-[a-z]+-[\w-]+\.js$/.test(f))
    .map((f) => {
      const code = readFileSync(path.join(dist, 'assets', f));
      return { f, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
    });
  for (const s of sizes) console.log(`  ${`assets/${s.f}`.padEnd(44)} ${kb(s.raw).padStart(10)} raw  ${kb(s.gzip).padStart(9)} gzip`);
  const largest = sizes.reduce((a, s) => (s.gzip > a.gzip ? s : a), { f: '', raw: 0, gzip: 0 });
  if (largest.f) console.log(`  (counted: the largest language's, ${largest.f})`);
  return largest.gzip;
}
