/**
 * bench/api: throughput and p99 latency at 50 connections of the shop's hot reads, each printed as a
 * share of a bare Node `http` server answering the same bytes as the listing (bare.ts): the machine's
 * honest ceiling, not the shop's own stack. Routes: the shop's constant route (its stack with no
 * database work), the listing cached and cache-defeated (a new minPrice each request), a filtered
 * listing (category, sort, a new minPrice each request), a product (cycling through all of them), a
 * signed-in customer's order list and the admin order list.
 *
 * Rounds are interleaved (every server and route once per round, the bare server first) and the
 * median of the rounds is printed, with the machine's load average at each round: the machine is
 * shared, and a figure taken while something else ran is visible as such.
 *
 * Runs on the embedded database, and on the PostgreSQL server as well when DATABASE_URL is set.
 * BENCH_COMPARE=/path/to/other/checkout also measures that checkout's app (see server.ts) in the same
 * rounds, as "before" (and BENCH_AFTER another as "after", instead of this one). Knobs: BENCH_SECONDS (5 per measurement), BENCH_ROUNDS (3), BENCH_ROUTES
 * (route names separated by ";"), BENCH_DRIVERS (embedded,postgres), BENCH_PORT (4201 and up).
 * Run: npm run api -w @meatshop/bench
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 50;
let nextPort = Number(process.env.BENCH_PORT ?? 4201);
const onlyRoutes = process.env.BENCH_ROUTES?.split(';').filter(Boolean);
const drivers = (process.env.BENCH_DRIVERS ?? 'embedded,postgres').split(',');

interface Ready {
  driver: string;
  bodyFile: string;
  productIds: string[];
  category: string;
  customerCookie: string;
  adminCookie: string;
  /** Empty on a checkout without trade accounts: the member's rows are skipped there. */
  memberCookie?: string;
}

interface Child {
  port: number;
  ready: Ready;
  stop(): Promise<void>;
  cleanup: () => Promise<void>;
}

async function spawnReady(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ port: number; ready: Ready; stop(): Promise<void> }> {
  const port = nextPort++;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file), ...args], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
    lines.on('line', (l) => {
      if (l.startsWith('{"ready"')) resolve(JSON.parse(l) as Ready);
    });
  });
  return {
    port,
    ready,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One app server: the embedded database in a fresh folder, or a fresh database on the PostgreSQL server. */
async function startApp(driver: 'embedded' | 'postgres', appRoot: string | undefined): Promise<Child> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: '/nonexistent' };
  if (appRoot) env.BENCH_APP_ROOT = appRoot;
  let dropDb = async () => {};
  if (driver === 'postgres') {
    const name = `bench_api_${process.pid}_${nextPort}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDb = async () => {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const started = await spawnReady('server.ts', [], env);
  return {
    ...started,
    cleanup: async () => {
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Route {
  name: string;
  /** Needs the trade member (skipped on a checkout without trade accounts). */
  member?: boolean;
  /** The request options for autocannon: a fixed path, or a new one per request. */
  requests(r: Ready): { path?: string; headers?: Record<string, string>; setupRequest?: (req: { path: string }) => { path: string } }[];
}

let counter = 0;
const varying = (make: (n: number) => string) => (req: { path: string }) => ({ ...req, path: make(++counter) });

const allRoutes: Route[] = [
  { name: 'shop stack, constant body', requests: () => [{ path: '/api/bench/constant' }] },
  { name: 'listing, cached', requests: () => [{ path: '/api/products' }] },
  { name: 'listing, cache defeated', requests: () => [{ setupRequest: varying((n) => `/api/products?minPrice=${n}`) }] },
  {
    name: 'listing, filtered',
    requests: (r) => [{ setupRequest: varying((n) => `/api/products?category=${r.category}&sort=price-asc&inStock=true&minPrice=${n}`) }],
  },
  { name: 'product', requests: (r) => [{ setupRequest: varying((n) => `/api/products/${r.productIds[n % r.productIds.length]}`) }] },
  // A trade member reads the same cached listing as everyone (their prices are not in it) plus their
  // own price sheet once per session: the member's extra cost is that one row, not one per product.
  { name: 'listing, cached, household signed in', requests: (r) => [{ path: '/api/products', headers: { cookie: r.customerCookie } }] },
  {
    name: 'listing, cached, trade member',
    member: true,
    requests: (r) => [{ path: '/api/products', headers: { cookie: r.memberCookie ?? '' } }],
  },
  {
    name: 'trade member price sheet',
    member: true,
    requests: (r) => [{ path: '/api/account/trade/prices', headers: { cookie: r.memberCookie ?? '' } }],
  },
  { name: 'customer order list', requests: (r) => [{ path: '/api/orders', headers: { cookie: r.customerCookie } }] },
  { name: 'admin order list', requests: (r) => [{ path: '/api/admin/orders', headers: { cookie: r.adminCookie } }] },
];
const routes = allRoutes.filter((r) => !onlyRoutes || onlyRoutes.includes(r.name) || r.name.startsWith('shop stack'));

interface Sample {
  rps: number;
  p99: number;
}

async function measure(port: number, requests: ReturnType<Route['requests']>): Promise<Sample> {
  const url = `http://127.0.0.1:${port}`;
  // One request first, so a route that fails says why.
  const first = requests[0]!;
  const probe = await fetch(url + (first.setupRequest?.({ path: '/' }).path ?? first.path), { headers: first.headers });
  if (!probe.ok) throw new Error(`${probe.url}: ${probe.status} ${(await probe.text()).slice(0, 300)}`);
  await autocannon({ url, connections: 10, duration: 1, requests });
  const r = await autocannon({ url, connections, duration: seconds, requests });
  if (r.non2xx || r.errors) throw new Error(`${url}${requests[0]?.path ?? ''}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const compare = process.env.BENCH_COMPARE;
const targets: { label: string; driver: 'embedded' | 'postgres'; root?: string }[] = [];
for (const driver of ['embedded', 'postgres'] as const) {
  if (!drivers.includes(driver) || (driver === 'postgres' && !process.env.DATABASE_URL)) continue;
  if (compare) targets.push({ label: `${driver} before`, driver, root: path.resolve(compare) });
  targets.push({ label: compare ? `${driver} after` : driver, driver, root: process.env.BENCH_AFTER });
}

console.log(`bench/api: ${connections} connections, ${seconds} s per measurement, ${rounds} interleaved rounds, ${os.cpus().length} CPUs`);
const apps: (Child & { label: string })[] = [];
let bare: Awaited<ReturnType<typeof spawnReady>> | undefined;
try {
  for (const t of targets) apps.push({ label: t.label, ...(await startApp(t.driver, t.root)) });
  bare = await spawnReady('bare.ts', [apps[0]!.ready.bodyFile], {});
  const bareSamples: Sample[] = [];
  const samples = new Map<string, Sample[]>();
  const shares = new Map<string, number[]>();
  const loads: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    const load = os.loadavg().map((l) => l.toFixed(2));
    loads.push(load.join(' '));
    console.log(`round ${round}: load average ${load.join(' ')} (1, 5, 15 min)`);
    const b = await measure(bare.port, [{ path: '/' }]);
    bareSamples.push(b);
    console.log(`  ${'bare Node http, same bytes'.padEnd(44)} ${b.rps.toFixed(0).padStart(6)} req/s  p99 ${b.p99} ms`);
    for (const route of routes) {
      for (const a of apps) {
        if (route.member && !a.ready.memberCookie) continue;
        const key = `${a.label}|${route.name}`;
        const s = await measure(a.port, route.requests(a.ready));
        samples.set(key, [...(samples.get(key) ?? []), s]);
        shares.set(key, [...(shares.get(key) ?? []), s.rps / b.rps]);
        console.log(`  ${`${a.label}: ${route.name}`.padEnd(44)} ${s.rps.toFixed(0).padStart(6)} req/s  p99 ${s.p99} ms`);
      }
    }
  }
  console.log(`\nmedians of ${rounds} rounds (load averages per round: ${loads.join(' | ')})`);
  console.log(`${'route'.padEnd(44)} ${'req/s'.padStart(7)} ${'p99 ms'.padStart(7)}  of bare Node`);
  const row = (name: string, s: Sample[], share: number) =>
    console.log(
      `${name.padEnd(44)} ${median(s.map((x) => x.rps))
        .toFixed(0)
        .padStart(7)} ${String(median(s.map((x) => x.p99))).padStart(7)}  ${(share * 100).toFixed(0).padStart(4)}%`,
    );
  row('bare Node http, same bytes', bareSamples, 1);
  for (const route of routes)
    for (const a of apps) {
      const key = `${a.label}|${route.name}`;
      if (samples.has(key)) row(`${a.label}: ${route.name}`, samples.get(key)!, median(shares.get(key)!));
    }
} finally {
  await bare?.stop();
  for (const a of apps) {
    await a.stop();
    await a.cleanup();
  }
}
