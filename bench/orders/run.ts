/**
 * bench/orders: orders placed per second and latency (p50, p99) with 20 concurrent customers placing
 * orders through POST /api/orders, stock check on (every order takes stock from one product all
 * customers share, plus one other), on the embedded database and, when DATABASE_URL is set, on the
 * PostgreSQL server. BENCH_SECONDS (default 15) per run; the server runs in its own process.
 * The shop's per-customer limits (a few orders a minute, a few open) hold here as in production: each
 * concurrent customer works through its own share of BENCH_ACCOUNTS accounts, placing at most that
 * many orders with each, so no order is refused for the limit.
 * On PostgreSQL the run is framed by a reference outside the shop, pgbench's own TPC-B-like load on
 * the same server and clients, before and after: what the database alone does on this machine, so an
 * order rate can be read against it. BENCH_ONLY=embedded or postgres runs one of the two.
 */
import { DEFAULT_SHOP_SETTINGS } from '@meatshop/shared/shop-settings';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import pg from 'pg';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const warmupSeconds = 2;
const concurrency = Number(process.env.BENCH_CUSTOMERS ?? 20);
/** Orders one account may place within a run shorter than a minute. */
const perAccount = Math.min(DEFAULT_SHOP_SETTINGS.maxOrdersPerMinute, DEFAULT_SHOP_SETTINGS.maxOpenOrdersPerCustomer);

interface Ready {
  origin: string;
  cookies: string[];
  productIds: string[];
  driver: string;
}

async function startServer(env: Record<string, string>): Promise<{ ready: Ready; stop: () => Promise<void> }> {
  // BENCH_PROFILE=DIR writes the server's CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', new URL('./server.ts', import.meta.url).pathname], {
    env: { ...process.env, ...env, BENCH_CUSTOMERS: String(concurrency) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    lines.on('line', (l) => {
      if (l.startsWith('{')) resolve(JSON.parse(l) as Ready);
    });
  });
  return {
    ready,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function body(productIds: string[], n: number) {
  const hot = productIds[0]!;
  const other = productIds[1 + (n % (productIds.length - 1))]!;
  return {
    items: [
      { productId: hot, quantity: 1 },
      // Weighed products (one in four) need an amount; a unit product ignores none sent.
      { productId: other, quantity: 1 + (n % 3), ...(productIds.indexOf(other) % 4 === 1 ? { grams: n % 2 ? 500 : 1000 } : {}) },
    ],
    couponCode: n % 2 ? 'WELCOME10' : undefined,
    contact: { fullName: 'Bench Customer', email: 'bench@example.com', phone: '0772100002' },
    address: {
      street: 'Ntinda Road',
      city: 'Kampala',
      state: '',
      postalCode: '',
      country: 'Uganda',
      formattedAddress: 'Ntinda, Kampala, Uganda',
    },
    location: { lat: 0.354 + (n % 50) / 1000, lng: 32.616 - (n % 40) / 1000 },
    paymentMethod: 'cash_on_delivery',
  };
}

async function load(ready: Ready) {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const start = performance.now();
  const warmEnd = start + warmupSeconds * 1000;
  const end = warmEnd + seconds * 1000;
  let exhausted = 0;
  async function customer(i: number) {
    const mine = ready.cookies.filter((_, j) => j % concurrency === i);
    let placedWith = 0;
    while (performance.now() < end) {
      if (placedWith >= perAccount * mine.length) {
        exhausted++;
        return;
      }
      const cookie = mine[Math.floor(placedWith++ / perAccount)]!;
      const k = n++;
      const t0 = performance.now();
      const res = await fetch(`${ready.origin}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ready.origin, cookie, 'idempotency-key': `bench-${process.pid}-${k}` },
        body: JSON.stringify(body(ready.productIds, k)),
      });
      await res.arrayBuffer();
      const t1 = performance.now();
      if (t0 < warmEnd) continue;
      if (res.status === 201) latencies.push(t1 - t0);
      else errors++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, i) => customer(i)));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { requests: n, placed: latencies.length, perSecond: latencies.length / seconds, p50: pct(50), p99: pct(99), errors, exhausted };
}

/**
 * Where the database's connections spend the run, on the PostgreSQL server: pg_stat_activity of the
 * bench database sampled every 20 ms. "waiting on a row lock" is a hot row held by another order;
 * "idle in transaction" is a transaction waiting for the app's next statement (time a held lock
 * is held for nothing the database does); "running" is the database working.
 */
function sampleActivity(database: string | undefined) {
  if (!database || !process.env.DATABASE_URL) return { stop: async () => undefined };
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const counts = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      const r = await client.query<{ what: string; n: number }>(
        `SELECT CASE WHEN state = 'active' AND wait_event_type = 'Lock' THEN 'waiting on a row lock (' || wait_event || ')'
                     WHEN state = 'active' AND wait_event_type IS NOT NULL THEN 'running, waiting on ' || wait_event_type || ':' || wait_event
                     WHEN state = 'active' THEN 'running'
                     ELSE state END AS what, count(*)::int AS n
         FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend' GROUP BY 1`,
        [database],
      );
      samples++;
      for (const row of r.rows) counts.set(row.what, (counts.get(row.what) ?? 0) + row.n);
      await new Promise((res) => setTimeout(res, 20));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return [...counts].map(([what, n]) => [what, n / Math.max(1, samples)] as const).sort((a, b) => b[1] - a[1]);
    },
  };
}

async function run(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const read = async () =>
      (await (await fetch(`${server.ready.origin}/bench/statements`)).json()) as { statements: number; byText: Record<string, number> };
    const before = await read();
    const activity = sampleActivity(env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : undefined);
    const r = await load(server.ready);
    const connections = await activity.stop();
    const after = await read();
    const statements = after.statements - before.statements;
    const stock = (await (await fetch(`${server.ready.origin}/bench/stock`)).json()) as Record<string, number>;
    console.log(
      `${label.padEnd(22)} ${r.perSecond.toFixed(1).padStart(7)} orders/s   p50 ${r.p50.toFixed(0).padStart(5)} ms   p99 ${r.p99.toFixed(0).padStart(5)} ms   (${r.placed} placed, ${r.errors} failed)`,
    );
    console.log(
      `  ${(statements / Math.max(1, r.requests)).toFixed(1)} statements per order request (session look-up included); stock: ${stock.negative} below zero, ${stock.offLedger} figures off their ledger, ${stock.taken} units and grams taken = ${stock.sold} sold`,
    );
    if (process.env.BENCH_STATEMENTS === '1') {
      const per = Object.entries(after.byText)
        .map(([text, n]) => [text, (n - (before.byText[text] ?? 0)) / Math.max(1, r.requests)] as const)
        .filter(([, n]) => n > 0.05)
        .sort((a, b) => b[1] - a[1]);
      for (const [text, n] of per) console.log(`    ${n.toFixed(2).padStart(5)}  ${text}`);
    }
    if (connections?.length) {
      console.log("  the database's connections, on average over the run:");
      for (const [what, n] of connections) console.log(`    ${n.toFixed(1).padStart(5)}  ${what}`);
    }
    if (r.exhausted > 0)
      console.log(`  ${r.exhausted} of ${concurrency} customers ran out of accounts before the end: raise BENCH_ACCOUNTS for a true rate`);
    return { perSecond: r.perSecond, statementsPerOrder: statements / Math.max(1, r.requests) };
  } finally {
    await server.stop();
  }
}

/** pgbench from PATH or PostgreSQL's Debian layout; undefined when the machine has none. */
function findPgbench(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).trim() || undefined;
  } catch {}
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => `${root}/${v}/bin/pgbench`).find((p) => existsSync(p));
}

/**
 * The reference outside the shop: what this PostgreSQL server does on this machine with nothing of
 * ours in the way. pgbench's TPC-B-like transaction at scale 1 (every transaction updates the one
 * branch row, so it has the hot row an order's shared product has), the same number of clients,
 * prepared statements. Seven statements a transaction, BEGIN and END included.
 */
async function pgbenchReference(admin: pg.Client, base: URL): Promise<{ tps: number; statementsPerSecond: number } | undefined> {
  const pgbench = findPgbench();
  if (!pgbench) return undefined;
  const name = `bench_pgbench_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const args = ['-h', base.hostname, '-p', base.port || '5432', '-U', decodeURIComponent(base.username || 'postgres')];
    const env = { ...process.env, PGPASSWORD: decodeURIComponent(base.password) };
    execFileSync(pgbench, [...args, '-i', '-s', '1', '-q', name], { env, stdio: 'ignore' });
    const out = execFileSync(pgbench, [...args, '-c', String(concurrency), '-j', '2', '-T', String(seconds), '-M', 'prepared', name], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
    return { tps, statementsPerSecond: tps * 7 };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

const load1 = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(`bench/orders: ${concurrency} concurrent customers, ${seconds} s per run after ${warmupSeconds} s warm-up, stock check on`);
// BENCH_ONLY=embedded or BENCH_ONLY=postgres runs one of the two.
const only = process.env.BENCH_ONLY;
if (only !== 'postgres') await run('embedded (PGlite)', { DATABASE_URL: '' });

if (process.env.DATABASE_URL && only !== 'embedded') {
  const name = `bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    // The reference before and after the shop's run, so a change in the machine's load shows.
    const refs: { tps: number; statementsPerSecond: number }[] = [];
    const reference = async () => {
      console.log(`  load average ${load1()}`);
      const ref = await pgbenchReference(admin, new URL(process.env.DATABASE_URL!));
      if (!ref) return console.log('  (no pgbench on this machine: no database reference)');
      refs.push(ref);
      console.log(
        `reference: pgbench TPC-B  ${ref.tps.toFixed(0).padStart(7)} tx/s       ${ref.statementsPerSecond.toFixed(0)} statements/s (scale 1: one hot row; ${concurrency} clients, prepared)`,
      );
    };
    await reference();
    const shop = await run('PostgreSQL server', { DATABASE_URL: url.toString() });
    await reference();
    if (refs.length > 0) {
      const ceiling = refs.reduce((a, r) => a + r.statementsPerSecond, 0) / refs.length;
      const used = shop.perSecond * shop.statementsPerOrder;
      console.log(
        `  the orders sent ${used.toFixed(0)} statements/s, ${((used / ceiling) * 100).toFixed(0)}% of what the database alone ran for pgbench; at ${shop.statementsPerOrder.toFixed(1)} a request that rate is ${(ceiling / shop.statementsPerOrder).toFixed(0)} orders/s with no HTTP, no app and no load generator on the machine`,
      );
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
