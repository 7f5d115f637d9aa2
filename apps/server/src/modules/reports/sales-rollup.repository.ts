/**
 * The sales rollups' upkeep (tables in db/schema/reports.ts, marking triggers in migration 0009):
 * which days are closed, whether the rollups of a range are ready, and the rebuild of the days that
 * are not.
 */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Range } from './sales.repository.ts';

/**
 * Yesterday stays open (read from the orders) until this long after midnight, so a transaction that
 * changed one of its orders before midnight and commits just after is in the rollup, which the
 * marking triggers (they mark only days before the day of the change) would otherwise miss.
 */
const GRACE = sql.raw(`interval '15 minutes'`);
/** Held by a rebuild; the category trigger of migration 0009 takes the same key. */
const REBUILD_LOCK = 724301;

/** A range of Kampala days, or the last `lastDays` days up to today by the database's clock. */
export type RollupRange = Range | { lastDays: number };

export interface RollupState {
  /** Today in Kampala, YYYY-MM-DD, by the database's clock. */
  today: string;
  /** The first day of the range. */
  from: string;
  /** The last day read from the rollups; later days are read from the orders. */
  lastClosed: string;
  /** The range's last closed day (before `from` when none is). */
  last: string;
  /** Some day is marked for a rebuild, or a closed day of the range has no rollup yet. */
  stale: boolean;
}

/** `at` stands for the database's clock (tests of the midnight grace period). */
export async function rollupState(tx: Tx, range: RollupRange, at?: Date): Promise<RollupState> {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const [first, last] =
    'lastDays' in range
      ? [sql`c.today - ${sql.raw(String(Math.trunc(range.lastDays) - 1))}`, sql`c.today`]
      : [sql`${range.from}::date`, sql`${range.to}::date`];
  const res = (await tx.execute(sql`
    WITH c AS (SELECT (${now} AT TIME ZONE ${SHOP_TIME_ZONE})::date AS today,
                      ((${now} - ${GRACE}) AT TIME ZONE ${SHOP_TIME_ZONE})::date - 1 AS last_closed),
         r AS (SELECT ${first} AS first, least(${last}, c.last_closed) AS last FROM c)
    SELECT to_char(c.today, 'YYYY-MM-DD') AS today, to_char(r.first, 'YYYY-MM-DD') AS first,
           to_char(c.last_closed, 'YYYY-MM-DD') AS last_closed, to_char(r.last, 'YYYY-MM-DD') AS last,
           EXISTS (SELECT 1 FROM sales_rollup_dirty)
             OR (SELECT count(*) FROM sales_rollup_days d WHERE d.day BETWEEN r.first AND r.last) < greatest(r.last - r.first + 1, 0)
             AS stale
    FROM c, r`)) as unknown as { rows: { today: string; first: string; last_closed: string; last: string; stale: boolean }[] };
  const row = res.rows[0]!;
  return { today: row.today, from: row.first, lastClosed: row.last_closed, last: row.last, stale: row.stale };
}

/**
 * Takes the rebuild lock for the rest of the transaction: one rebuild at a time (PostgreSQL server;
 * the embedded database runs one transaction at a time anyway), and every later statement's snapshot
 * is taken after the previous rebuild committed. JIT is off for the rebuild: compiling its statement
 * took 600 ms on the PostgreSQL server, ten times what rebuilding a month of days takes.
 */
export async function lockRebuild(tx: Tx) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(REBUILD_LOCK))})`);
  await tx.execute(sql`SET LOCAL jit = off`);
}

/**
 * Clears every mark and returns the days to rebuild: the marked days that have a rollup, and the
 * days of `from`..`last` that have none. A mark made by a transaction that commits after this
 * statement's snapshot is neither seen nor cleared, so its day is rebuilt by a later call; one that
 * is cleared here committed before, so `rebuildDays`, run after, sees its change.
 */
export async function takeDaysToRebuild(tx: Tx, from: string, last: string): Promise<string[]> {
  const res = (await tx.execute(sql`
    WITH marked AS (DELETE FROM sales_rollup_dirty RETURNING day)
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day FROM sales_rollup_days d WHERE d.day IN (SELECT day FROM marked)
    UNION
    SELECT to_char(g, 'YYYY-MM-DD') FROM generate_series(${from}::date, ${last}::date, interval '1 day') g
    WHERE NOT EXISTS (SELECT 1 FROM sales_rollup_days d WHERE d.day = g::date)`)) as unknown as { rows: { day: string }[] };
  return res.rows.map((r) => r.day);
}

/** Consecutive days as [first, last] runs (the days sorted, YYYY-MM-DD). */
function runsOf(days: string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const day of [...days].sort()) {
    const run = runs.at(-1);
    const next = run && new Date(Date.parse(`${run[1]}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (run && next === day) run[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/**
 * Replaces the rollup rows of `days` with sums of their orders now, in one statement. The days are
 * written into it as constants (they are the database's own YYYY-MM-DD), a range of instants per run
 * of consecutive days, so the planner knows how many orders it reads: with the days as a parameter,
 * it planned a one-day rebuild as a scan of every order line.
 */
export async function rebuildDays(tx: Tx, days: string[]) {
  if (!days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))) throw new Error(`not a list of days: ${days.join(',')}`);
  const list = sql.raw(`'{${days.join(',')}}'::date[]`);
  const tz = SHOP_TIME_ZONE;
  const start = (day: string) => sql.raw(`('${day}'::date::timestamp AT TIME ZONE '${tz}')`);
  const end = (day: string) => sql.raw(`(('${day}'::date + 1)::timestamp AT TIME ZONE '${tz}')`);
  const inDays = sql.join(
    runsOf(days).map(([first, last]) => sql`(o.created_at >= ${start(first)} AND o.created_at < ${end(last)})`),
    sql` OR `,
  );
  await tx.execute(sql`
    WITH days AS (SELECT unnest(${list}) AS day),
    cleared_orders AS (DELETE FROM sales_daily_orders WHERE day = ANY(${list})),
    cleared_products AS (DELETE FROM sales_daily_products WHERE day = ANY(${list})),
    cleared_categories AS (DELETE FROM sales_daily_categories WHERE day = ANY(${list})),
    o AS MATERIALIZED (
      SELECT (o.created_at AT TIME ZONE ${tz})::date AS day, o.id, o.outlet_id, o.payment_method, o.channel, o.total_amount, o.subtotal_amount,
             o.delivery_fee, o.discount_amount,
             CASE o.payment_status WHEN 'refunded' THEN 'refunded' WHEN 'failed' THEN 'failed' ELSE 'other' END AS bucket
      FROM orders o WHERE (${inDays}) AND o.status <> 'cancelled'),
    l AS MATERIALIZED (
      SELECT o.day, o.bucket, oi.order_id, oi.product_id, oi.product_name, oi.quantity, oi.price
      FROM o JOIN order_items oi ON oi.order_id = o.id),
    units AS (SELECT l.order_id, sum(l.quantity) AS q FROM l GROUP BY l.order_id),
    by_order AS (
      INSERT INTO sales_daily_orders (day, outlet_id, payment_method, channel, payment_bucket, orders, units, revenue, item_sales, delivery_fees, discounts)
      SELECT o.day, o.outlet_id, o.payment_method, o.channel, o.bucket, count(*), coalesce(sum(units.q), 0), sum(o.total_amount),
             sum(o.subtotal_amount), sum(o.delivery_fee), coalesce(sum(o.discount_amount), 0)
      FROM o LEFT JOIN units ON units.order_id = o.id
      GROUP BY o.day, o.outlet_id, o.payment_method, o.channel, o.bucket),
    by_product AS (
      INSERT INTO sales_daily_products (day, product_id, payment_bucket, product_name, orders, units, revenue)
      SELECT l.day, l.product_id, l.bucket, max(l.product_name), count(DISTINCT l.order_id), sum(l.quantity), sum(l.quantity * l.price)
      FROM l GROUP BY l.day, l.product_id, l.bucket),
    by_category AS (
      INSERT INTO sales_daily_categories (day, category_id, payment_bucket, orders, units, revenue)
      SELECT l.day, p.category_id, l.bucket, count(DISTINCT l.order_id), sum(l.quantity), sum(l.quantity * l.price)
      FROM l LEFT JOIN products p ON p.id = l.product_id
      GROUP BY l.day, p.category_id, l.bucket)
    INSERT INTO sales_rollup_days (day) SELECT day FROM days
    ON CONFLICT (day) DO UPDATE SET built_at = now()`);
}
