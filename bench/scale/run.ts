/**
 * bench/scale: the real server with 10,000 products and 100,000 orders (generated set-based, see
 * apps/server/src/seed/scale-data.ts) on the embedded database and, when DATABASE_URL is set, on the
 * PostgreSQL server. One user, requests one after another over HTTP: p50 and p99 latency of the
 * product listing, a customer's order detail, the admin dashboard, a 30-day sales report and the
 * back office's order list (first page, a deep page, searches by phone and number, a rare filter).
 * Target: each under 100 ms at p99; a recall's trace (every order that received a lot) under 200 ms. The first request of each is printed too: it fills
 * what later ones reuse (the catalog cache, the sales rollups, the report's day sums).
 * Run: npm run scale -w @meatshop/bench   (BENCH_PORT, default 4342; BENCH_REQUESTS, default 200;
 * BENCH_ONLY=recalls runs only the cases whose name holds that text)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, pgliteDir } from '../../apps/server/src/db/client.ts';
import { signUpCustomer } from '../../apps/server/src/modules/accounts/accounts.service.ts';
import { generateScaleData } from '../../apps/server/src/seed/scale-data.ts';

const port = Number(process.env.BENCH_PORT ?? 4342);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const only = process.env.BENCH_ONLY ?? '';
const origin = `http://127.0.0.1:${port}`;
const PRODUCTS = 10_000;
const ORDERS = 100_000;

const kampalaDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: SHOP_TIME_ZONE });

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function signUp(app: Awaited<ReturnType<typeof buildApp>>, email: string) {
  const res = await signUpCustomer(
    app.deps.db,
    app.deps.auth,
    { email, password: 'password123', fullName: 'Scale Bench', phone: `+2567722${String(email.length).padStart(5, '0')}` },
    new Headers({ origin }),
    origin,
  );
  return {
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

async function run(label: string, databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: origin,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
  });
  const database = await openDatabase({ databaseUrl, dataDir: pgliteDir(dataDir), poolSize: 10 });
  const app = await buildApp({ config, database, logger: false });
  const { db } = app.deps;
  try {
    const started = Date.now();
    await db.execute(
      sql.raw(`INSERT INTO product_categories (name, slug) VALUES ('Sausages', 'sausages'), ('Cold Cuts', 'cold-cuts'),
        ('Fresh Beef', 'fresh-beef'), ('Fresh Pork', 'fresh-pork'), ('Poultry', 'poultry'), ('Goat', 'goat')`),
    );
    await db.execute(
      sql.raw(`INSERT INTO outlets (name, address, phone, opening_hours, manager_name)
        SELECT 'Outlet ' || g, 'Street ' || g, '+25670000000' || g, 'Mon-Sat 8AM-6PM', 'Manager ' || g FROM generate_series(1, 8) g`),
    );
    await generateScaleData(db, { products: PRODUCTS, orders: ORDERS });
    const admin = await signUp(app, 'scale-admin@example.com');
    const customer = await signUp(app, 'scale-customer@example.com');
    await db.execute(sql`UPDATE users SET is_admin = true, staff_role_id = 'owner' WHERE email = 'scale-admin@example.com'`);
    // The customer takes over one generated customer's 50 orders.
    await db.execute(
      sql`UPDATE orders SET user_id = (SELECT id FROM users WHERE email = 'scale-customer@example.com') WHERE user_id = 'scale-user-1'`,
    );
    const orderRow = (await db.execute(
      sql`SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'scale-customer@example.com' ORDER BY o.created_at DESC LIMIT 1`,
    )) as unknown as { rows: { id: string }[] };
    const orderId = orderRow.rows[0]!.id;
    // Traceability: every generated order line took its units from its product's batch at the main
    // outlet (one lot per product), as the stock ledger records it, so a recall traces real rows.
    await db.execute(sql`UPDATE stock_batches SET lot_number = 'L-' || substr(product_id::text, 1, 8),
      production_date = current_date - 3, use_by = current_date + 30 WHERE lot_number IS NULL`);
    await db.execute(sql`
      INSERT INTO stock_movements (product_id, outlet_id, delta, stock_after, kind, reason, order_id, batch_id, created_at)
      SELECT i.product_id, b.outlet_id, -i.quantity, 0, 'order', 'Order placed', i.order_id, b.id, o.created_at
      FROM order_items i JOIN orders o ON o.id = i.order_id
      JOIN stock_batches b ON b.product_id = i.product_id`);
    await db.execute(sql`ANALYZE stock_movements`);
    // The most ordered product's lot (thousands of orders) and a typical one (a few).
    const lots = (await db.execute(sql`
      SELECT b.product_id::text AS "productId", b.lot_number AS lot, count(*)::int AS n FROM stock_movements m
      JOIN stock_batches b ON b.id = m.batch_id WHERE m.order_id IS NOT NULL GROUP BY 1, 2 ORDER BY n DESC`)) as unknown as {
      rows: { productId: string; lot: string; n: number }[];
    };
    const busiest = lots.rows[0]!;
    const typical = lots.rows[Math.floor(lots.rows.length / 2)]!;
    console.log(`${label}: recall lots: busiest ${busiest.n} order lines, typical ${typical.n}`);
    console.log(`${label}: ${PRODUCTS} products and ${ORDERS} orders loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await app.listen({ port, host: '127.0.0.1' });

    const cases: [string, string, string?][] = [
      ['GET /api/products', '/api/products'],
      ['GET /api/products?sort=price-asc', '/api/products?sort=price-asc&category=goat'],
      ['GET /api/orders/{id}', `/api/orders/${orderId}`, customer.cookie],
      ['GET /api/admin/dashboard', '/api/admin/dashboard', admin.cookie],
      ['GET /api/admin/reports/sales', `/api/admin/reports/sales?from=${kampalaDay(-29)}&to=${kampalaDay(0)}`, admin.cookie],
      // The back office's order list over every order: the first page, a page deep in, a customer's
      // phone, an order number, and a rare filter that must read far to fill its page.
      ['GET /api/admin/orders', '/api/admin/orders', admin.cookie],
      ['GET /api/admin/orders?page=200', '/api/admin/orders?page=200', admin.cookie],
      ['GET /api/admin/orders?q=<phone>', `/api/admin/orders?q=${encodeURIComponent('0700000017')}`, admin.cookie],
      ['GET /api/admin/orders?q=#<number>', `/api/admin/orders?q=${encodeURIComponent(`#${orderId.slice(0, 8)}`)}`, admin.cookie],
      [
        'GET /api/admin/orders?status&from&to',
        `/api/admin/orders?status=cancelled&paymentMethod=card&from=${kampalaDay(-90)}&to=${kampalaDay(-60)}`,
        admin.cookie,
      ],
      // A recall's trace over every order: which orders received a lot (the busiest and a typical one).
      [
        'GET /api/admin/recalls/trace (busiest)',
        `/api/admin/recalls/trace?productId=${busiest.productId}&lotNumber=${busiest.lot}`,
        admin.cookie,
      ],
      [
        'GET /api/admin/recalls/trace (typical)',
        `/api/admin/recalls/trace?productId=${typical.productId}&lotNumber=${typical.lot}`,
        admin.cookie,
      ],
    ];
    let ok = true;
    for (const [name, url, cookie] of cases.filter(([name]) => name.includes(only))) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const times: number[] = [];
      let first = 0;
      let bytes = 0;
      for (let i = 0; i < requests + 10; i++) {
        const t0 = performance.now();
        const res = await fetch(origin + url, { headers });
        const body = await res.arrayBuffer();
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
        bytes = body.byteLength;
        if (i === 0) first = ms;
        if (i >= 10) times.push(ms); // the first ten warm the JIT and caches
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      ok &&= p99 < (name.includes('recalls') ? 200 : 100);
      console.log(
        `${label.padEnd(9)} ${name.padEnd(40)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(6)} ms  ${(bytes / 1024).toFixed(0).padStart(6)} KB  (first ${first.toFixed(0)} ms)`,
      );
    }
    console.log(`${label.padEnd(9)} target (each p99 < 100 ms, recall trace < 200 ms): ${ok ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench/scale: one user, ${requests} sequential requests per endpoint`);
await run('embedded', '');

if (process.env.DATABASE_URL) {
  const name = `bench_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    await run('postgres', url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
