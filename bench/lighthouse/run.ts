/**
 * bench/lighthouse: Lighthouse (mobile: a mid-range phone on a slow 4G link, simulated) against the
 * built app on the embedded default, for /, /products, a product page, /cart and /rider/login. Prints
 * each category score and LCP, TBT and CLS. Targets: performance 95 or more,
 * accessibility, best practices and SEO 100, LCP under 1.5 s, TBT at most 200 ms. Uses the system Chromium; nothing
 * leaves the machine (the pages load no outside resources).
 * Each page runs LH_ROUNDS times (default 3), interleaved with the others, and medians are printed
 * beside Lighthouse's benchmarkIndex for the machine and its load; a control page (the /products HTML
 * with its scripts removed, served by bare Node) runs in the same rounds, so a figure can be read
 * against what the page alone scores on this machine now.
 * The last column counts the script files each page loaded. Why a task is long: trace.ts beside this
 * file (a real 4x-throttled trace, functions named from the build's source maps).
 * Build first: npm run build. Run: npm run lighthouse -w @meatshop/bench   (BENCH_PORT, default 4343,
 * and the control on the next port; LH_REPORT_DIR=dir keeps each page's last report as JSON;
 * LH_PAGES=/,/cart runs only those pages)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type ControlPage, startControl } from './control-page.ts';

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
const rounds = Number(process.env.LH_ROUNDS ?? 3);
const reportDir = process.env.LH_REPORT_DIR;

interface Run {
  scores: Record<keyof typeof targets, number>;
  lcp: number;
  tbt: number;
  cls: number;
  benchmarkIndex: number;
  load: number;
  /** Script files the page loaded. */
  scripts: number;
  misses: string[];
}

async function measure(url: string): Promise<Run> {
  let result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
  // Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP); that says nothing about the page.
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
    console.log(`    ${url}: Lighthouse runtime error ${result.lhr.runtimeError.code}, running it again`);
    result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
  }
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits } = result.lhr;
  if (reportDir)
    writeFileSync(path.join(reportDir, `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(result.lhr));
  const score = (k: keyof typeof targets) => Math.round((categories[k]?.score ?? 0) * 100);
  // What cost points, so a regression says where to look.
  const misses: string[] = [];
  for (const key of ['accessibility', 'best-practices', 'seo'] as const) {
    for (const ref of categories[key]?.auditRefs ?? []) {
      const a = audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) misses.push(`${key}: ${a.id} (${a.title})`);
    }
  }
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    load: os.loadavg()[0]!,
    scripts: ((audits['network-requests']?.details as { items?: { resourceType?: string }[] } | undefined)?.items ?? []).filter(
      (r) => r.resourceType === 'Script',
    ).length,
    misses,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

let allMet = true;
let control: ControlPage | undefined;
try {
  await waitForServer();
  const { products } = (await (await fetch(`${origin}/api/products`)).json()) as { products: { id: string }[] };
  control = await startControl(origin, '/products', port + 1);
  const only = process.env.LH_PAGES?.split(',');
  const pages: [string, string][] = (
    [
      ['/', `${origin}/`],
      ['/products', `${origin}/products`],
      ['product page', `${origin}/products/${products[0]!.id}`],
      ['/cart', `${origin}/cart`],
      ['/rider/login', `${origin}/rider/login`],
    ] as [string, string][]
  ).filter(([name]) => !only || only.includes(name));
  pages.push(['control (no JS)', control.url]);
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  for (const [name, url] of pages) if (!name.startsWith('control')) await warm(new URL(url).pathname);

  console.log(
    `bench/lighthouse: mobile (simulated slow 4G, 4x CPU slowdown), embedded database; ${rounds} interleaved rounds, medians; ${os.cpus().length} cores`,
  );
  // Interleaved: every page once per round, so a noisy minute on a shared machine touches all pages alike.
  const runs = new Map<string, Run[]>(pages.map(([name]) => [name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const [name, url] of pages) runs.get(name)!.push(await measure(url));
    console.log(`  round ${round}/${rounds} done, load ${os.loadavg()[0]!.toFixed(1)}`);
  }

  console.log(
    `${'page'.padEnd(16)} perf  a11y  bp    seo   LCP      TBT      CLS    (runs: perf / TBT)        benchmarkIndex  load  scripts`,
  );
  for (const [name] of pages) {
    const r = runs.get(name)!;
    const m = (f: (x: Run) => number) => median(r.map(f));
    const perf = m((x) => x.scores.performance);
    const s = (k: keyof typeof targets) => m((x) => x.scores[k]);
    const lcp = m((x) => x.lcp);
    const tbt = m((x) => x.tbt);
    const isControl = name.startsWith('control');
    if (!isControl) {
      const met = (Object.keys(targets) as (keyof typeof targets)[]).every((k) => s(k) >= targets[k]) && lcp < 1500 && tbt <= 200;
      allMet &&= met;
    }
    console.log(
      `${name.padEnd(16)} ${String(perf).padEnd(5)} ${String(s('accessibility')).padEnd(5)} ${String(s('best-practices')).padEnd(5)} ${String(s('seo')).padEnd(5)} ${`${(lcp / 1000).toFixed(2)} s`.padEnd(8)} ${`${Math.round(tbt)} ms`.padEnd(8)} ${m(
        (x) => x.cls,
      )
        .toFixed(3)
        .padEnd(
          6,
        )} ${`(${r.map((x) => x.scores.performance).join(' ')} / ${r.map((x) => Math.round(x.tbt)).join(' ')})`.padEnd(25)} ${String(Math.round(m((x) => x.benchmarkIndex))).padEnd(15)} ${m(
        (x) => x.load,
      )
        .toFixed(1)
        .padEnd(5)} ${m((x) => x.scripts)}`,
    );
    if (!isControl) for (const miss of new Set(r.flatMap((x) => x.misses))) console.log(`    ${miss}`);
  }
  console.log(`targets (perf >= 95, a11y/bp/seo 100, LCP < 1.5 s, TBT <= 200 ms; medians): ${allMet ? 'met' : 'NOT met'}`);
} finally {
  await control?.close();
  chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
