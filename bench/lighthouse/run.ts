/**
 * bench/lighthouse: Lighthouse (mobile: a mid-range phone on a slow 4G link, simulated) against the
 * built app on the embedded default, for /, /products, a product page, /cart and /rider/login. Prints
 * each category score and LCP, TBT and CLS. Targets: performance 95 or more,
 * accessibility, best practices and SEO 100, LCP under 2.0 s. Uses the system Chromium; nothing
 * leaves the machine (the pages load no outside resources).
 * Build first: npm run build. Run: npm run lighthouse -w @meatshop/bench   (BENCH_PORT, default 4343;
 * LH_REPORT_DIR=dir keeps each page's full report as JSON; LH_PAGES=/,/cart runs only those pages)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const port = Number(process.env.BENCH_PORT ?? 4343);
const origin = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '../..');
if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    SEED_HISTORY: 'false',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});

/**
 * The server makes each picture size the first time it is asked for and keeps it (media.routes.ts),
 * so a shop that is running serves them from storage. Asking once for every size the page names
 * measures that, not the one-off resize a fresh data folder would add to the first visit.
 */
async function warm(url: string) {
  const html = await (await fetch(`${origin}${url}`)).text();
  const media = new Set(html.match(/\/media\/[^"' ,]+\?w=\d+/g) ?? []);
  await Promise.all([...media].map(async (m) => (await fetch(`${origin}${m.replaceAll('&amp;', '&')}`)).arrayBuffer()));
}

const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
let allMet = true;
try {
  await waitForServer();
  const { products } = (await (await fetch(`${origin}/api/products`)).json()) as { products: { id: string }[] };
  const pages: [string, string][] = [
    ['/', '/'],
    ['/products', '/products'],
    ['product page', `/products/${products[0]!.id}`],
    ['/cart', '/cart'],
    ['/rider/login', '/rider/login'],
  ];
  const only = process.env.LH_PAGES?.split(',');
  const reportDir = process.env.LH_REPORT_DIR;
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  console.log('bench/lighthouse: mobile (simulated slow 4G, 4x CPU slowdown), embedded database');
  console.log(`${'page'.padEnd(14)} perf  a11y  bp    seo   LCP      TBT      CLS`);
  for (const [name, url] of pages) {
    if (only && !only.includes(name)) continue;
    await warm(url);
    let result = await lighthouse(`${origin}${url}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    // Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP); that says nothing about the page.
    for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
      console.log(`    ${name}: Lighthouse runtime error ${result.lhr.runtimeError.code}, running it again`);
      result = await lighthouse(`${origin}${url}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    }
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { categories, audits } = result.lhr;
    if (reportDir) writeFileSync(path.join(reportDir, `${name.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(result.lhr));
    if (result.lhr.runtimeError) console.log(`    runtime error: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const score = (k: keyof typeof targets) => Math.round((categories[k]?.score ?? 0) * 100);
    const lcp = audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
    const tbt = audits['total-blocking-time']?.numericValue ?? Number.NaN;
    const cls = audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
    const met = (Object.keys(targets) as (keyof typeof targets)[]).every((k) => score(k) >= targets[k]) && lcp < 2000;
    allMet &&= met;
    console.log(
      `${name.padEnd(14)} ${String(score('performance')).padEnd(5)} ${String(score('accessibility')).padEnd(5)} ${String(score('best-practices')).padEnd(5)} ${String(score('seo')).padEnd(5)} ${`${(lcp / 1000).toFixed(2)} s`.padEnd(8)} ${`${Math.round(tbt)} ms`.padEnd(8)} ${cls.toFixed(3)}`,
    );
    // What cost points, so a regression says where to look.
    for (const key of ['accessibility', 'best-practices', 'seo'] as const) {
      const cat = categories[key];
      if (!cat) continue;
      for (const ref of cat.auditRefs) {
        const a = audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) console.log(`    ${key}: ${a.id} (${a.title})`);
      }
    }
  }
  console.log(`targets (perf >= 95, a11y/bp/seo 100, LCP < 2.0 s): ${allMet ? 'met' : 'NOT met'}`);
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
