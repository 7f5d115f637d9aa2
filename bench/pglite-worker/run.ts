/**
 * bench/pglite-worker: the embedded database on the HTTP thread or on a worker thread, under the
 * cache-defeated product listing (autocannon, 50 connections, a new `minPrice` each request so the
 * micro-cache never answers) alone and while an admin report runs in a loop beside it (one at a
 * time, as an admin clicking through reports would). Both servers hold the same data (the demo shop
 * and a year of generated orders) and run side by side; the rounds interleave the two and the order
 * flips each round, so a change in the machine's load falls on both. Medians of the rounds.
 * Targets (on PGlite): the listing >= 600 req/s with p99 < 100 ms; with the report running, p99 <= 150 ms.
 * Run: npm run pglite-worker -w @meatshop/bench
 *   (BENCH_PORT, default 4733 and the next one; BENCH_SECONDS, default 8; BENCH_ROUNDS, default 3;
 *    BENCH_ORDERS, default 100000; BENCH_REPORT: the report's path, default a year of the sales report)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannonUntyped from 'autocannon';

interface Request {
  path: string;
}
interface Result {
  requests: { average: number };
  latency: { p99: number; p50: number };
  non2xx: number;
  errors: number;
}
const autocannon = autocannonUntyped as unknown as (opts: {
  url: string;
  connections: number;
  duration: number;
  requests?: { setupRequest(req: Request): Request }[];
}) => Promise<Result>;

const basePort = Number(process.env.BENCH_PORT ?? 4733);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const reportPath = process.env.BENCH_REPORT ?? `/api/admin/reports/sales?from=${day(-364)}&to=${day(0)}`;

interface Server {
  label: string;
  base: string;
  cookie: string;
  child: ChildProcess;
  dir: string;
}

async function startServer(label: string, port: number, worker: boolean): Promise<Server> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-worker-'));
  const base = `http://127.0.0.1:${port}`;
  const child = fork(path.join(import.meta.dirname, 'server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dir,
      DATABASE_URL: '',
      PGLITE_WORKER: String(worker),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_HISTORY: 'false',
      BACKGROUND_JOBS: 'false',
      // The bench is one client hammering the server; the per-client limits are not what it measures.
      RATE_LIMIT_MULTIPLIER: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { cookie } = await new Promise<{ cookie: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { cookie: string }));
    child.once('exit', (code) => reject(new Error(`${label} server exited with ${code}`)));
  });
  return { label, base, cookie, child, dir };
}

async function stopServer(s: Server) {
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
  rmSync(s.dir, { recursive: true, force: true });
}

let price = 0;
/** The listing with a `minPrice` no earlier request used (below every product's price, so the same products and bytes). */
async function listing(s: Server, duration = seconds) {
  const r = await autocannon({
    url: `${s.base}/api/products`,
    connections: 50,
    duration,
    requests: [
      {
        setupRequest: (req) => ({ ...req, path: `/api/products?minPrice=${(price++ % 900) + 1}` }),
      },
    ],
  });
  if (r.non2xx || r.errors) throw new Error(`${s.label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

async function report(s: Server) {
  const t0 = performance.now();
  const res = await fetch(s.base + reportPath, { headers: { cookie: s.cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${s.label} report: ${res.status}`);
  return performance.now() - t0;
}

/** The listing while the report runs again and again, one at a time. */
async function listingBesideReports(s: Server) {
  let running = true;
  const times: number[] = [];
  const loop = (async () => {
    while (running) times.push(await report(s));
  })();
  const m = await listing(s);
  running = false;
  await loop;
  return { ...m, reports: times.length, reportMs: median(times) };
}

/** The server process's resident memory (the worker thread's included: it is the same process). */
const rssMb = (s: Server) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${s.child.pid}/status`, 'utf8'))?.[1];
  return kb ? `${(Number(kb) / 1024).toFixed(0)} MB` : '?';
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : Number.NaN;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(`bench/pglite-worker: ${rounds} rounds, ${seconds} s per run, 50 connections; report: ${reportPath}`);
console.log(`machine: ${os.cpus().length} cores, load ${load()}`);
const t0 = Date.now();
const servers = [await startServer('in-process', basePort, false), await startServer('worker', basePort + 1, true)];
console.log(`servers ready in ${((Date.now() - t0) / 1000).toFixed(0)} s, load ${load()}`);
try {
  for (const s of servers) {
    // Warm-up: JIT, the database's cache, the report's rollups.
    const first = await report(s);
    await report(s);
    await listing(s, 2);
    console.log(
      `${s.label.padEnd(10)} first report ${first.toFixed(0)} ms, then ${(await report(s)).toFixed(0)} ms alone; resident ${rssMb(s)}`,
    );
  }
  type Row = { rps: number; p99: number; reports?: number; reportMs?: number };
  const results = new Map<string, { alone: Row[]; beside: Row[] }>(servers.map((s) => [s.label, { alone: [], beside: [] }]));
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? servers : [...servers].reverse();
    for (const s of order) {
      const alone = await listing(s);
      const beside = await listingBesideReports(s);
      results.get(s.label)!.alone.push(alone);
      results.get(s.label)!.beside.push(beside);
      console.log(
        `round ${round} ${s.label.padEnd(10)} alone ${alone.rps.toFixed(0).padStart(5)} req/s p99 ${String(alone.p99).padStart(4)} ms | ` +
          `with reports ${beside.rps.toFixed(0).padStart(5)} req/s p99 ${String(beside.p99).padStart(4)} ms ` +
          `(${beside.reports} reports, median ${beside.reportMs.toFixed(0)} ms) | load ${load()}`,
      );
    }
  }
  for (const s of servers) console.log(`${s.label.padEnd(10)} resident after the rounds: ${rssMb(s)}`);
  console.log(`\nmedians of ${rounds} rounds (load now ${load()}):`);
  console.log('| database | listing req/s | p99 ms | with a report looping: req/s | p99 ms | report median ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [label, r] of results) {
    const m = (rows: Row[], k: keyof Row) => median(rows.map((x) => x[k] as number));
    console.log(
      `| ${label} | ${m(r.alone, 'rps').toFixed(0)} | ${m(r.alone, 'p99')} | ${m(r.beside, 'rps').toFixed(0)} | ${m(r.beside, 'p99')} | ${m(r.beside, 'reportMs').toFixed(0)} |`,
    );
    const met = m(r.alone, 'rps') >= 600 && m(r.alone, 'p99') < 100 && m(r.beside, 'p99') <= 150;
    console.log(`  ${label}: targets (>= 600 req/s, p99 < 100 ms; with the report p99 <= 150 ms) ${met ? 'met' : 'NOT met'}`);
  }
} finally {
  for (const s of servers) await stopServer(s);
}
