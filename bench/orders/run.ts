/**
 * bench/orders: orders placed per second and latency (p50, p99) with 20 concurrent customers placing
 * orders through POST /api/orders, stock check on (every order takes stock from one product all
 * customers share, plus one other), on the embedded database and, when DATABASE_URL is set, on the
 * PostgreSQL server. BENCH_SECONDS (default 15) per run; the server runs in its own process.
 * The shop's per-customer limits (a few orders a minute, a few open) hold here as in production: each
 * concurrent customer works through its own share of BENCH_ACCOUNTS accounts, placing at most that
 * many orders with each, so no order is refused for the limit.
 */
import { DEFAULT_SHOP_SETTINGS } from '@meatshop/shared/shop-settings';
import { spawn } from 'node:child_process';
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
      { productId: other, quantity: 1 + (n % 3) },
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

async function run(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const read = async () =>
      (await (await fetch(`${server.ready.origin}/bench/statements`)).json()) as { statements: number; byText: Record<string, number> };
    const before = await read();
    const r = await load(server.ready);
    const after = await read();
    const statements = after.statements - before.statements;
    const stock = (await (await fetch(`${server.ready.origin}/bench/stock`)).json()) as Record<string, number>;
    console.log(
      `${label.padEnd(22)} ${r.perSecond.toFixed(1).padStart(7)} orders/s   p50 ${r.p50.toFixed(0).padStart(5)} ms   p99 ${r.p99.toFixed(0).padStart(5)} ms   (${r.placed} placed, ${r.errors} failed)`,
    );
    console.log(
      `  ${(statements / Math.max(1, r.requests)).toFixed(1)} statements per order request (session look-up included); stock: ${stock.negative} below zero, ${stock.offLedger} figures off their ledger, ${stock.taken} units taken = ${stock.sold} sold`,
    );
    if (process.env.BENCH_STATEMENTS === '1') {
      const per = Object.entries(after.byText)
        .map(([text, n]) => [text, (n - (before.byText[text] ?? 0)) / Math.max(1, r.requests)] as const)
        .filter(([, n]) => n > 0.05)
        .sort((a, b) => b[1] - a[1]);
      for (const [text, n] of per) console.log(`    ${n.toFixed(2).padStart(5)}  ${text}`);
    }
    if (r.exhausted > 0)
      console.log(`  ${r.exhausted} of ${concurrency} customers ran out of accounts before the end: raise BENCH_ACCOUNTS for a true rate`);
  } finally {
    await server.stop();
  }
}

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
    await run('PostgreSQL server', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
