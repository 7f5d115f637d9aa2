/**
 * The catalog and ordering queries use their indexes at scale. On the PostgreSQL server
 * (DATABASE_URL), in a database of its own: 10,000 products and 100,000 orders generated set-based,
 * ANALYZE, then every SQL statement the real services issue for each screen is captured and run
 * through EXPLAIN (FORMAT JSON). Any Seq Scan of orders fails the screen. A Seq Scan of products fails
 * when the planner expects it to keep under half of the table, i.e. a selective condition found no
 * index; reading (nearly) every product, as the unfiltered listing (no pagination, spec 8) and the
 * category counts must, or hashing the 10,000-row table for a join, is what the planner should do.
 * The hot reads (listing, product, order lists) are prepared statements: the server may plan them
 * once for any values (a generic plan), so each is also explained as one, forced, and must keep to
 * its indexes then too; and each screen sends a fixed number of statements, whatever the number of
 * orders it shows (no query per order).
 * Skipped on PGlite.
 */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import type { ProductListFilters } from '@meatshop/shared/catalog';
import { AdminOrderListQuery } from '@meatshop/shared/admin-orders';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import * as catalog from '../../src/modules/catalog/catalog.service.ts';
import { getAdminOrder, listAdminOrders } from '../../src/modules/orders/order-admin.service.ts';
import { listQueue } from '../../src/modules/orders/order-queues.repository.ts';
import { getCustomerOrder, listCustomerOrders } from '../../src/modules/orders/orders.service.ts';
import { getOutletOrder, listOutletOrders, outletDashboard } from '../../src/modules/orders/outlet-orders.service.ts';
import { dashboard } from '../../src/modules/reports/dashboard.service.ts';
import { salesReport } from '../../src/modules/reports/reports.service.ts';
import { generateScaleData } from '../../src/seed/scale-data.ts';
import { openTestDatabase } from '../helpers.ts';

interface Captured {
  text: string;
  values: unknown[];
  /** The prepared statement's name, when the statement was sent as one. */
  name?: string;
}

// Every statement any pg client of this process sends while `capturing` is set.
let capturing: Captured[] | null = null;
const originalQuery = pg.Client.prototype.query;
function installCapture() {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    if (capturing) {
      if (typeof first === 'string') capturing.push({ text: first, values: Array.isArray(second) ? second : [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const q = first as { text: string; values?: unknown[]; name?: string };
        capturing.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : []), name: q.name });
      }
    }
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows': number;
  Filter?: string;
  Plans?: PlanNode[];
}

/** The sequential scans that should have been index scans, as text for the failure message. */
function badScans(node: PlanNode, productRows: number, found: string[] = []): string[] {
  // Under a Limit with no filter of its own, a scan stops after the limit's rows (the capped count of
  // the back office's order list): it never reads the table.
  const stopsEarly = (child: PlanNode) => child['Node Type'] === 'Seq Scan' && !child.Filter;
  if (node['Node Type'] === 'Limit') {
    for (const child of node.Plans ?? []) if (!stopsEarly(child)) badScans(child, productRows, found);
    return found;
  }
  if (node['Node Type'] === 'Seq Scan') {
    const table = node['Relation Name'];
    if (table === 'orders' || (table === 'products' && node['Plan Rows'] < productRows / 2)) {
      found.push(`${table} (${node['Plan Rows']} rows expected, filter ${node.Filter ?? 'none'})`);
    }
  }
  for (const child of node.Plans ?? []) badScans(child, productRows, found);
  return found;
}

const kampalaDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: SHOP_TIME_ZONE });

const run = describe.skipIf(!process.env.DATABASE_URL);

run('query plans at 10,000 products and 100,000 orders (PostgreSQL)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string;
  let explainer: pg.Client;
  let productRows = 0;
  const ids = { product: '', customer: 'scale-user-1', customerOrder: '', outlet: '', outletOrder: '', order: '' };

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    database = opened.database;
    drop = opened.drop;
    url = opened.url!;
    const db = database.db;
    await db.execute(
      sql.raw(`INSERT INTO product_categories (name, slug) VALUES ('Sausages', 'sausages'), ('Cold Cuts', 'cold-cuts'), ('Fresh Beef', 'fresh-beef'),
         ('Fresh Pork', 'fresh-pork'), ('Poultry', 'poultry'), ('Goat', 'goat')`),
    );
    await db.execute(
      sql.raw(`INSERT INTO outlets (name, address, phone, opening_hours, manager_name)
       SELECT 'Outlet ' || g, 'Street ' || g, '+25670000000' || g, 'Mon-Sat 8AM-6PM', 'Manager ' || g FROM generate_series(1, 8) g`),
    );
    await generateScaleData(db, { products: 10_000, orders: 100_000 });
    explainer = new pg.Client({ connectionString: url });
    await explainer.connect();
    const pick = async (q: string) => ((await explainer.query(q)).rows[0] as { id: string }).id;
    ids.product = await pick(`SELECT id FROM products WHERE NOT is_archived AND category_id IS NOT NULL ORDER BY created_at DESC LIMIT 1`);
    ids.customerOrder = await pick(`SELECT id FROM orders WHERE user_id = 'scale-user-1' ORDER BY created_at DESC LIMIT 1`);
    ids.outlet = await pick(`SELECT id FROM outlets ORDER BY name LIMIT 1`);
    ids.outletOrder = await pick(`SELECT id FROM orders WHERE outlet_id = '${ids.outlet}' ORDER BY created_at DESC LIMIT 1`);
    ids.order = await pick(`SELECT id FROM orders ORDER BY created_at LIMIT 1 OFFSET 5000`);
    productRows = Number((await explainer.query(`SELECT reltuples FROM pg_class WHERE relname = 'products'`)).rows[0].reltuples);
    installCapture();
  }, 120_000);

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await explainer?.end();
    await database?.close();
    await drop?.();
  });

  // The statement /api/products runs (the listing written as JSON by the database), then the row
  // query the sitemap runs.
  const listing = (f: Partial<ProductListFilters>) => async () => {
    await catalog.listProductsJson(database.db, { sort: 'featured', ...f } as ProductListFilters);
    await catalog.listProducts(database.db, { sort: 'featured', ...f } as ProductListFilters);
  };
  const screens: [string, () => Promise<unknown>][] = [
    ['listing, default sort', listing({})],
    ['listing, newest', listing({ sort: 'newest' })],
    ['listing, price ascending', listing({ sort: 'price-asc' })],
    ['listing, price descending', listing({ sort: 'price-desc' })],
    ['listing, rating', listing({ sort: 'rating' })],
    ['listing, category', listing({ category: 'sausages' })],
    ['listing, category and price range', listing({ category: 'goat', minPrice: 20_000, maxPrice: 40_000, sort: 'price-asc' })],
    ['listing, 4+ stars in stock', listing({ minRating: 4, inStock: 'true', sort: 'rating' })],
    ['listing, on sale', listing({ onSale: 'true' })],
    ['product detail', () => catalog.getProduct(database.db, ids.product)],
    ['related products', () => catalog.relatedProducts(database.db, ids.product)],
    ['product reviews', () => catalog.listReviews(database.db, ids.product)],
    ['categories with counts', () => catalog.listCategories(database.db)],
    ["customer's orders", () => listCustomerOrders(database.db, ids.customer)],
    ['customer order detail', () => getCustomerOrder(database.db, ids.customer, ids.customerOrder)],
    ['admin order list', () => listAdminOrders(database.db, AdminOrderListQuery.parse({}))],
    ['admin order list, page 40', () => listAdminOrders(database.db, AdminOrderListQuery.parse({ page: '40' }))],
    ['admin order search by customer', () => listAdminOrders(database.db, AdminOrderListQuery.parse({ q: 'scale17@' }))],
    ['admin order search by number', () => listAdminOrders(database.db, AdminOrderListQuery.parse({ q: `#${ids.order.slice(0, 6)}` }))],
    [
      'admin order list, pending this week',
      () => listAdminOrders(database.db, AdminOrderListQuery.parse({ status: 'pending', from: kampalaDay(-7), to: kampalaDay(0) })),
    ],
    ['admin order detail', () => getAdminOrder(database.db, ids.order)],
    ['admin pending queue', () => listQueue(database.db, 'pending')],
    ['admin processing queue', () => listQueue(database.db, 'processing')],
    ['outlet orders', () => listOutletOrders(database.db, ids.outlet, {})],
    ['outlet orders by status', () => listOutletOrders(database.db, ids.outlet, { status: 'pending' })],
    ['outlet orders search', () => listOutletOrders(database.db, ids.outlet, { search: 'Plot 12' })],
    ['outlet order detail', () => getOutletOrder(database.db, ids.outlet, ids.outletOrder)],
    ['outlet dashboard', () => outletDashboard(database.db, ids.outlet)],
    ['admin dashboard', () => dashboard(database.db)],
    ['sales report, last 30 days', () => salesReport(database.db, { from: kampalaDay(-29), to: kampalaDay(0) })],
  ];

  it.each(screens)('%s: no sequential scan of orders or products', async (_name, screen) => {
    const statements: Captured[] = [];
    capturing = statements;
    try {
      await screen();
    } finally {
      capturing = null;
    }
    const selects = statements.filter((s) => /^\s*(select|with)\b/i.test(s.text));
    expect(selects.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const s of selects) {
      const res = (await (originalQuery as (...a: unknown[]) => Promise<pg.QueryResult>).call(
        explainer,
        `EXPLAIN (FORMAT JSON) ${s.text}`,
        s.values,
      )) as pg.QueryResult;
      const plan = (res.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
      const scans = badScans(plan, productRows);
      if (scans.length) problems.push(`Seq Scan on ${scans.join(', ')} in: ${s.text.replace(/\s+/g, ' ').slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
  });

  /** The hot reads: [name, screen, at most this many statements (the whole screen, whatever it shows)]. */
  const prepared: [string, () => Promise<unknown>, number][] = [
    ['listing, default sort', () => catalog.listProductsJson(database.db, { sort: 'featured' } as ProductListFilters), 1],
    [
      'listing, category and price range',
      () =>
        catalog.listProductsJson(database.db, {
          sort: 'price-asc',
          category: 'goat',
          minPrice: 20_000,
          maxPrice: 40_000,
        } as ProductListFilters),
      1,
    ],
    [
      'listing, 4+ stars in stock',
      () => catalog.listProductsJson(database.db, { sort: 'rating', minRating: 4, inStock: 'true' } as ProductListFilters),
      1,
    ],
    ['product detail', () => catalog.getProduct(database.db, ids.product), 1],
    // The orders, their items, their outlets, their refunds.
    ["customer's orders", () => listCustomerOrders(database.db, ids.customer), 4],
    // How many (up to the cap), the page's orders with customer, outlet and rider, their items.
    ['admin order list', () => listAdminOrders(database.db, AdminOrderListQuery.parse({})), 3],
    ['admin order detail', () => getAdminOrder(database.db, ids.order), 2],
  ];

  it.each(prepared)('%s: prepared once, a fixed number of statements, indexed under a generic plan', async (_name, screen, most) => {
    const statements: Captured[] = [];
    capturing = statements;
    try {
      await screen();
      await screen();
    } finally {
      capturing = null;
    }
    const selects = statements.filter((s) => /^\s*(select|with)\b/i.test(s.text));
    expect(selects.length).toBeGreaterThan(0);
    expect(selects.length).toBeLessThanOrEqual(2 * most);
    expect(selects.filter((s) => !s.name).map((s) => s.text.slice(0, 120))).toEqual([]);
    // The second run sends the same statements under the same names.
    const half = selects.length / 2;
    expect(selects.slice(half).map((s) => s.name)).toEqual(selects.slice(0, half).map((s) => s.name));

    const problems: string[] = [];
    const call = (text: string, values: unknown[] = []) =>
      (originalQuery as (...a: unknown[]) => Promise<pg.QueryResult>).call(explainer, text, values) as Promise<pg.QueryResult>;
    await call('SET plan_cache_mode = force_generic_plan');
    try {
      for (const [i, s] of selects.slice(0, half).entries()) {
        await call(`PREPARE plan_probe_${i} AS ${s.text}`);
        // The values as literals: the statement's own parameter types read them.
        const literal = (v: unknown) =>
          v === null || v === undefined ? 'NULL' : explainer.escapeLiteral(Array.isArray(v) ? `{${v.join(',')}}` : String(v));
        const args = s.values.map(literal).join(', ');
        const res = await call(`EXPLAIN (FORMAT JSON) EXECUTE plan_probe_${i}${args ? `(${args})` : ''}`);
        await call(`DEALLOCATE plan_probe_${i}`);
        const plan = (res.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
        const scans = badScans(plan, productRows);
        if (scans.length) problems.push(`Seq Scan on ${scans.join(', ')} in: ${s.text.replace(/\s+/g, ' ').slice(0, 300)}`);
      }
    } finally {
      await call('RESET plan_cache_mode');
    }
    expect(problems).toEqual([]);
  });
});
