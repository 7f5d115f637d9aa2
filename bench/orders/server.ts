/**
 * The server under test for bench/orders: the real app (buildApp) on the embedded database or the
 * PostgreSQL server, with outlets, products and customer accounts created directly (the demo seed
 * renders images and takes a minute). The shop limits each account to a few orders a minute, so the
 * bench signs up BENCH_ACCOUNTS accounts (40 per concurrent customer by default) and each concurrent
 * customer works through its share. Prints one JSON line with the accounts' cookies, then serves.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, pgliteDir } from '../../apps/server/src/db/client.ts';
import { products } from '../../apps/server/src/db/schema/catalog.ts';
import { coupons } from '../../apps/server/src/db/schema/orders.ts';
import { outletProducts, outlets } from '../../apps/server/src/db/schema/outlets.ts';
import { stockMovements } from '../../apps/server/src/db/schema/stock.ts';
import { adoptUnbatchedStock } from '../../apps/server/src/modules/inventory/batches.repository.ts';
import { signUpCustomer } from '../../apps/server/src/modules/accounts/accounts.service.ts';
import { updateShopSettings } from '../../apps/server/src/modules/settings/settings.service.ts';
import { OUTLETS } from '../../apps/server/src/seed/demo-data.ts';

const port = Number(process.env.BENCH_PORT ?? 3102);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 20);
const accounts = Number(process.env.BENCH_ACCOUNTS ?? customers * 40);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
const origin = `http://127.0.0.1:${port}`;
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  PUBLIC_URL: origin,
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
});
// BENCH_POOL: connections to the PostgreSQL server (the app itself opens 10).
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: pgliteDir(dataDir),
  poolSize: Number(process.env.BENCH_POOL ?? 20),
});
const app = await buildApp({ config, database, logger: false });
const { db, auth } = app.deps;

await db.insert(outlets).values(OUTLETS);
// Orders carry no delivery slot, so the server books the earliest time. By default "as soon as
// possible" is open all day, every day (no slot row is touched); BENCH_SLOT=1 closes same-day delivery
// so every order books a place in the same slot: the worst case of one contended counter row.
await db.transaction((tx) =>
  updateShopSettings(
    tx,
    process.env.BENCH_SLOT === '1'
      ? {
          deliveryDays: [0, 1, 2, 3, 4, 5, 6],
          deliveryOpensAt: '00:00',
          deliveryClosesAt: '23:59',
          sameDayCutoff: '00:00',
          slotCapacity: 1000,
        }
      : { deliveryDays: [0, 1, 2, 3, 4, 5, 6], deliveryOpensAt: '00:00', deliveryClosesAt: '23:59', sameDayCutoff: '23:59' },
    null,
  ),
);
await db.insert(coupons).values({ code: 'WELCOME10', percent: 10 }).onConflictDoNothing();
const rows = await db
  .insert(products)
  .values(
    // One product in four is sold by weight (per kg, 500 g or 1 kg packs, stock in grams), so weighed
    // lines take their share of the load as fresh meat does in the shop.
    Array.from({ length: 20 }, (_, i) => ({
      name: `Bench product ${i + 1}`,
      price: 10_000 + i * 500,
      discountPrice: i % 3 ? null : 9_000,
      weighing: i % 4 === 1 ? { amounts: [500, 1000], pieces: false, tolerancePercent: 10 } : null,
    })),
  )
  .returning({ id: products.id });
// Stock lives at outlets: every outlet holds plenty of every product (its opening ledger row included),
// so each order is packed by the outlet nearest the customer.
const outletRows = await db.select({ id: outlets.id }).from(outlets);
for (const o of outletRows) {
  await db.insert(outletProducts).values(rows.map((r) => ({ outletId: o.id, productId: r.id, outletPrice: 10_000, stock: 10_000_000 })));
  await db.insert(stockMovements).values(
    rows.map((r) => ({
      outletId: o.id,
      productId: r.id,
      delta: 10_000_000,
      stockAfter: 10_000_000,
      kind: 'opening' as const,
      reason: 'Bench',
    })),
  );
}
await adoptUnbatchedStock(db);

/**
 * Statements per order: every statement the app sends goes through drizzle's logger (root session and
 * the transactions it opens), counted here and read by the runner through a bench-only route.
 */
let statements = 0;
const byText = new Map<string, number>();
const counter = {
  logQuery: (query: string) => {
    statements++;
    // Grouped by the statement's start: enough to tell them apart, without the values.
    const key = query.replace(/\s+/g, ' ').slice(0, 90);
    byText.set(key, (byText.get(key) ?? 0) + 1);
  },
};
const session = (db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
session.logger = counter;
session.options.logger = counter;
app.get('/bench/statements', async () => ({ statements, byText: Object.fromEntries(byText) }));
app.get('/bench/stock', async () => {
  const r = (await db.execute(sql`
    SELECT count(*) FILTER (WHERE op.stock < 0)::int AS negative,
           count(*) FILTER (WHERE op.stock <> coalesce(l.total, 0))::int AS "offLedger",
           (SELECT count(*)::int FROM order_items) AS lines,
           (SELECT coalesce(sum(-delta), 0)::bigint FROM stock_movements WHERE kind = 'order') AS taken,
           (SELECT coalesce(sum(quantity * coalesce(grams_per_pack, 1)), 0)::bigint FROM order_items) AS sold
    FROM outlet_products op
    LEFT JOIN (SELECT outlet_id, product_id, sum(delta) AS total FROM stock_movements GROUP BY 1, 2) l
      ON l.outlet_id = op.outlet_id AND l.product_id = op.product_id`)) as unknown as { rows: Record<string, unknown>[] };
  return r.rows[0];
});

// Signed up a few at a time: password hashing runs on the thread pool, so this overlaps it.
const cookies: string[] = [];
for (let start = 0; start < accounts; start += 8) {
  const batch = Array.from({ length: Math.min(8, accounts - start) }, (_, k) => start + k);
  const signedUp = await Promise.all(
    batch.map((i) =>
      signUpCustomer(
        db,
        auth,
        {
          email: `bench-${i}@example.com`,
          password: 'password123',
          fullName: `Bench Customer ${i}`,
          phone: `+2567721${String(i).padStart(5, '0')}`,
        },
        new Headers({ origin }),
        origin,
      ),
    ),
  );
  for (const res of signedUp)
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
}

await app.listen({ port, host: '127.0.0.1' });
console.log(JSON.stringify({ ready: true, origin, cookies, productIds: rows.map((r) => r.id), driver: database.driver }));

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
