/**
 * bench/soak: a mixed load for a few minutes against a PostgreSQL server, the way a busy day looks:
 * visitors browsing (listing, product pages, reviews), carts (delivery fee, coupons), checkouts,
 * dispatch and riders (assign, pick up, deliver with a photo, go online), and event streams held open
 * by customers, riders, outlet staff and admins. Prints throughput, p50/p99 and errors per kind of
 * request, events received, oversold stock (stock left + units sold must equal the stock at the
 * start, never below zero) and the server's memory at start, end and peak.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test SOAK_SECONDS=180 npm run soak -w @meatshop/bench
 *
 * The server runs in its own process on a fresh database (created and dropped here). Targets: zero
 * errors, zero oversold stock, memory flat. Traffic goes to 127.0.0.1 only; the run stops by itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';

const seconds = Number(process.env.SOAK_SECONDS ?? 180);
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CUSTOMERS = Number(process.env.SOAK_CUSTOMERS ?? 24);
const RIDERS = Number(process.env.SOAK_RIDERS ?? 6);
/** A shopper's pause between checkouts (ms): people read and choose; it keeps riders able to keep up. */
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 1_500);
const STREAMS = Number(process.env.SOAK_STREAMS ?? 60);
/** Stock of the two products every checkout fights over: small enough to sell out during a run. */
const CONTESTED_STOCK = Number(process.env.SOAK_CONTESTED_STOCK ?? 600);
const serverMain = new URL('../../apps/server/src/main.ts', import.meta.url).pathname;

type Kind = 'browse' | 'product' | 'reviews' | 'cart' | 'checkout' | 'assign' | 'rider' | 'pickup' | 'deliver';
const stats = new Map<Kind, { lat: number[]; errors: number; expected: number; samples: string[] }>();
function record(kind: Kind, ms: number, outcome: 'ok' | 'expected' | 'error', detail?: string) {
  let s = stats.get(kind);
  if (!s) {
    s = { lat: [], errors: 0, expected: 0, samples: [] };
    stats.set(kind, s);
  }
  s.lat.push(ms);
  if (outcome === 'expected') s.expected++;
  if (outcome === 'error') {
    s.errors++;
    if (detail && s.samples.length < 3) s.samples.push(detail);
  }
}

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number) {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function main() {
  const dbName = `meatshop_soak_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(base);
  dbUrl.pathname = `/${dbName}`;

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    cwd: path.dirname(path.dirname(serverMain)),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: path.join(os.tmpdir(), `meatshop-soak-${process.pid}`),
      WEB_DIST: '/nonexistent',
      SEED_DEMO: '1',
      SEED_HISTORY: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error('server exited at start');
      if (
        await fetch(`${origin}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    await db.connect();
    await run(origin, child.pid!, db);
  } finally {
    await db.end().catch(() => {});
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
}

async function run(origin: string, pid: number, db: pg.Client) {
  const json = async (method: string, url: string, cookie: string, body?: unknown) => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { origin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res;
  };
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  const signIn = async (email: string, password = 'password123') => {
    const res = await json('POST', '/api/auth/sign-in', '', { email, password });
    if (!res.ok) throw new Error(`sign-in ${email}: ${res.status}`);
    return cookieOf(res);
  };

  // People: customers and riders sign up as they would; the demo admin and outlet manager sign in.
  const customers: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const res = await json('POST', '/api/auth/sign-up', '', {
      fullName: `Soak Customer ${i}`,
      phone: `0772${String(300000 + i).padStart(6, '0')}`,
      email: `soak-customer-${i}@example.com`,
      password: 'secret12',
    });
    if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
    customers.push(cookieOf(res));
  }
  const riders: { cookie: string; id: string }[] = [];
  for (let i = 0; i < RIDERS; i++) {
    const res = await json('POST', '/api/rider/sign-up', '', {
      fullName: `Soak Rider ${i}`,
      phone: `0752${String(300000 + i).padStart(6, '0')}`,
      email: `soak-rider-${i}@example.com`,
      password: 'secret12',
      vehicleType: 'motorcycle',
    });
    if (res.status !== 201) throw new Error(`rider sign-up: ${res.status} ${await res.text()}`);
    const cookie = cookieOf(res);
    const session = (await res.json()) as { rider?: { id: string } };
    await json('PUT', '/api/rider/status', cookie, { status: 'online' });
    riders.push({ cookie, id: session.rider!.id });
  }
  const adminCookie = await signIn('admin@shop.test');
  const outletCookie = await signIn('outlet@shop.test');

  // Two contested products every checkout takes from, plus the demo catalog.
  const contested = (
    await db.query(
      `INSERT INTO products (name, price, stock) VALUES ('Soak contested sausage', 9000, $1), ('Soak contested bacon', 14000, $1) RETURNING id`,
      [CONTESTED_STOCK],
    )
  ).rows.map((r) => r.id as string);
  const catalog = (await db.query(`SELECT id, stock FROM products WHERE is_archived = false`)).rows as { id: string; stock: number }[];
  const stockAtStart = new Map(catalog.map((p) => [p.id, p.stock]));
  const others = catalog.filter((p) => !contested.includes(p.id) && p.stock > 0).map((p) => p.id);
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 150, g: 60, b: 50 } } })
    .jpeg()
    .toBuffer();

  // Event streams held open for the whole run.
  let events = 0;
  const streams: http.ClientRequest[] = [];
  const streamCookies = [...customers, ...riders.map((r) => r.cookie), outletCookie, adminCookie];
  let streamErrors = 0;
  for (let i = 0; i < STREAMS; i++) {
    const req = http.get(
      `${origin}/api/events`,
      { headers: { cookie: streamCookies[i % streamCookies.length]!, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) streamErrors++;
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          events += (d.match(/^event: /gm) ?? []).length;
        });
      },
    );
    req.on('error', () => {
      if (!stopping) streamErrors++;
    });
    streams.push(req);
  }

  let stopping = false;
  const end = performance.now() + seconds * 1000;
  const running = () => performance.now() < end;
  const timed = async (kind: Kind, work: () => Promise<Response>, expected: (r: Response, body: string) => boolean = () => false) => {
    const t0 = performance.now();
    try {
      const res = await work();
      const body = await res.text();
      const ms = performance.now() - t0;
      if (res.ok) record(kind, ms, 'ok');
      else if (expected(res, body)) record(kind, ms, 'expected');
      else record(kind, ms, 'error', `${res.status} ${body.slice(0, 160)}`);
      return { res, body };
    } catch (err) {
      record(kind, performance.now() - t0, 'error', String(err));
      return undefined;
    }
  };

  const memory: number[] = [rssMb(pid)];
  const sampler = setInterval(() => memory.push(rssMb(pid)), 5_000);
  const startedAt = performance.now();
  let n = 0;

  const browser = async () => {
    while (running()) {
      const k = n++;
      await timed('browse', () =>
        fetch(`${origin}/api/products?sort=${['featured', 'newest', 'price-asc'][k % 3]}${k % 4 ? '' : '&onSale=true'}`),
      );
      const id = others[k % others.length]!;
      await timed('product', () => fetch(`${origin}/api/products/${id}`));
      await timed('reviews', () => fetch(`${origin}/api/products/${id}/reviews`));
    }
  };
  const shopper = async (i: number) => {
    const cookie = customers[i % customers.length]!;
    while (running()) {
      const k = n++;
      const lat = 0.354 + (k % 50) / 1000;
      const lng = 32.616 - (k % 40) / 1000;
      await timed('cart', () => json('GET', `/api/delivery-fee?lat=${lat}&lng=${lng}`, cookie));
      await timed('cart', () =>
        json('POST', '/api/coupons/validate', cookie, {
          code: 'WELCOME10',
          items: [{ productId: others[k % others.length]!, quantity: 2 }],
        }),
      );
      await timed(
        'checkout',
        () =>
          json('POST', '/api/orders', cookie, {
            items: [
              { productId: contested[k % 2]!, quantity: 1 + (k % 2) },
              { productId: others[k % others.length]!, quantity: 1 },
            ],
            couponCode: k % 3 ? undefined : 'WELCOME10',
            contact: { fullName: `Soak Customer ${i}`, email: `soak-customer-${i}@example.com`, phone: '0772100002' },
            address: {
              street: 'Ntinda Road',
              city: 'Kampala',
              state: '',
              postalCode: '',
              country: 'Uganda',
              formattedAddress: 'Ntinda, Kampala',
            },
            location: { lat, lng },
            paymentMethod: 'cash_on_delivery',
          }),
        // Sold out is a correct answer once the contested stock is gone.
        (r, body) => r.status === 409 && /out of stock|left in stock/.test(body),
      );
      await new Promise((res) => setTimeout(res, THINK_MS * (0.5 + Math.random())));
    }
  };
  const rider = async (r: { cookie: string; id: string }) => {
    while (running()) {
      // Dispatch: the admin gives this rider the oldest pending order.
      const list = await timed('assign', () => json('GET', '/api/admin/ops/queues/pending', adminCookie));
      const pending = list?.res.ok ? ((JSON.parse(list.body) as { orders?: { id: string; status: string }[] }).orders ?? []) : [];
      const next = pending.filter((o) => o.status === 'pending')[Math.floor(Math.random() * Math.min(5, pending.length))];
      if (!next) {
        await new Promise((res) => setTimeout(res, 300));
        continue;
      }
      const assigned = await timed(
        'assign',
        () => json('POST', `/api/admin/orders/${next.id}/assign`, adminCookie, { riderId: r.id }),
        // Another rider's loop may have taken it first.
        (res) => res.status === 422 || res.status === 409,
      );
      if (!assigned?.res.ok) continue;
      await timed('rider', () => json('GET', '/api/rider/orders', r.cookie));
      await timed('pickup', () => json('POST', `/api/rider/orders/${next.id}/pickup`, r.cookie, {}));
      const boundary = `----soak${n++}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="door.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      await timed('deliver', () =>
        fetch(`${origin}/api/rider/orders/${next.id}/deliver`, {
          method: 'POST',
          headers: { origin, cookie: r.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
          body,
        }),
      );
      await timed('rider', () => json('GET', '/api/rider/stats', r.cookie));
    }
  };

  console.log(
    `bench/soak: ${seconds} s on PostgreSQL; ${CUSTOMERS} shoppers, 6 browsers, ${RIDERS} riders with dispatch, ${STREAMS} event streams`,
  );
  await Promise.all([
    ...Array.from({ length: 6 }, browser),
    ...Array.from({ length: CUSTOMERS }, (_, i) => shopper(i)),
    ...riders.map(rider),
  ]);
  const elapsed = (performance.now() - startedAt) / 1000;
  clearInterval(sampler);
  memory.push(rssMb(pid));
  stopping = true;
  for (const s of streams) s.destroy();

  // Oversold: every product's stock now + units sold in live orders = stock at the start, never below zero.
  const sold = new Map(
    (
      await db.query(
        `SELECT oi.product_id, SUM(oi.quantity)::int AS q FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.status <> 'cancelled' GROUP BY oi.product_id`,
      )
    ).rows.map((r) => [r.product_id as string, r.q as number]),
  );
  const now = new Map((await db.query(`SELECT id, stock FROM products`)).rows.map((r) => [r.id as string, r.stock as number]));
  let oversold = 0;
  let mismatched = 0;
  for (const [id, start] of stockAtStart) {
    const left = now.get(id)!;
    if (left < 0) oversold += -left;
    if (left + (sold.get(id) ?? 0) !== start) mismatched++;
  }
  const orders = (await db.query(`SELECT status, COUNT(*)::int AS n FROM orders GROUP BY status ORDER BY status`)).rows;

  let total = 0;
  let errors = 0;
  console.log('kind        requests    req/s     p50 ms    p99 ms   errors  expected');
  for (const [kind, s] of [...stats].sort()) {
    total += s.lat.length;
    errors += s.errors;
    console.log(
      `${kind.padEnd(10)} ${String(s.lat.length).padStart(9)} ${(s.lat.length / elapsed).toFixed(1).padStart(8)} ${pct(s.lat, 50).toFixed(0).padStart(9)} ${pct(s.lat, 99).toFixed(0).padStart(9)} ${String(s.errors).padStart(8)} ${String(s.expected).padStart(9)}`,
    );
    for (const sample of s.samples) console.log(`    e.g. ${sample}`);
  }
  console.log(
    `total      ${String(total).padStart(9)} ${(total / elapsed).toFixed(1).padStart(8)} req/s over ${elapsed.toFixed(0)} s; errors ${errors}`,
  );
  console.log(`orders     ${orders.map((o) => `${o.status} ${o.n}`).join(', ')}`);
  console.log(`contested  ${contested.map((id) => `${now.get(id)} left of ${CONTESTED_STOCK}`).join(', ')}`);
  console.log(`stock      oversold ${oversold} units; ${mismatched} products where stock left + sold != stock at start`);
  console.log(`events     ${events} received on ${STREAMS} streams; ${streamErrors} stream errors`);
  const third = Math.max(1, Math.floor(memory.length / 3));
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `memory     RSS ${memory[0]!.toFixed(0)} MB at start, ${memory.at(-1)!.toFixed(0)} MB at end, peak ${Math.max(...memory).toFixed(0)} MB; mean of first third ${avg(memory.slice(0, third)).toFixed(0)} MB, last third ${avg(memory.slice(-third)).toFixed(0)} MB`,
  );
  if (errors || oversold || mismatched || streamErrors) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
