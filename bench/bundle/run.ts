/**
 * bench/bundle: the gzip size of the JavaScript a first visit to `/` loads: the entry script of
 * index.html, its modulepreloads and every chunk they import statically (lazy `import()` chunks, such
 * as admin, rider, outlet, maps and charts, are not counted). Target (issue 3): under 150 KB.
 * Build first: npm run build -w @meatshop/web. Run: npm run bundle -w @meatshop/bench
 */
import { existsSync, readFileSync } from 'node:fs';
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

const seen = new Map<string, { raw: number; gzip: number }>();
function visit(url: string) {
  const file = path.join(dist, url.replace(/^\//, ''));
  if (seen.has(file) || !existsSync(file)) return;
  const code = readFileSync(file);
  seen.set(file, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"`; `import("./x.js")` is lazy.
  for (const m of code.toString('utf8').matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    visit(path.posix.join(path.posix.dirname(url), m[1]!));
  }
}
for (const e of entries) visit(e);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('bench/bundle: JavaScript loaded by a first visit to / (gzip)');
let total = 0;
for (const [file, s] of [...seen.entries()].sort((a, b) => b[1].gzip - a[1].gzip)) {
  total += s.gzip;
  console.log(`  ${path.relative(dist, file).padEnd(44)} ${kb(s.raw).padStart(10)} raw  ${kb(s.gzip).padStart(9)} gzip`);
}
console.log(`total ${kb(total)} gzip (target < 150 KB): ${total < 150 * 1024 ? 'met' : 'NOT met'}`);
