/**
 * Sales aggregates for a range of Kampala days. A sale is an order that was not cancelled and not
 * refunded. Closed days (up to `lastClosed`, see sales-rollup.service.ts) are read from the daily
 * rollups, later days from the orders; each range is turned into UTC instants once so the orders
 * index on created_at is used.
 */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

export interface Range {
  from: string;
  to: string;
}

type Row = Record<string, unknown>;

/** The first instant of a Kampala day given as SQL (a date). */
const dayStart = (day: SQL) => sql`((${day})::timestamp AT TIME ZONE ${SHOP_TIME_ZONE})`;

/** `live` = the sales of the range's open days, from the orders. */
function liveSales({ from, to }: Range, lastClosed: string): SQL {
  return sql`
    SELECT o.* FROM orders o
    WHERE o.created_at >= ${dayStart(sql`greatest(${from}::date, ${lastClosed}::date + 1)`)}
      AND o.created_at < ${dayStart(sql`${to}::date + 1`)}
      AND o.status <> 'cancelled'
      AND o.payment_status <> 'refunded'`;
}

/** The range's closed days, for the rollup tables (empty when the range is all open). */
const closedDays = ({ from, to }: Range, lastClosed: string) => sql`day BETWEEN ${from}::date AND least(${to}::date, ${lastClosed}::date)`;

async function rows(tx: Tx, query: SQL): Promise<Row[]> {
  const res = (await tx.execute(query)) as unknown as { rows: Row[] };
  return res.rows;
}

/**
 * The order-grain parts of the report in one pass over the range's daily rows (with each order's
 * units): the totals (`part` = 'total'), each day, outlet, payment method and channel, ordered by revenue
 * within each.
 */
export function salesByOrder(tx: Tx, range: Range, lastClosed: string) {
  return rows(
    tx,
    sql`WITH live AS (${liveSales(range, lastClosed)}),
        units AS (SELECT oi.order_id, sum(oi.quantity) AS q FROM order_items oi WHERE oi.order_id IN (SELECT id FROM live) GROUP BY oi.order_id),
        d AS (
          SELECT day, outlet_id, payment_method, channel, orders, units, revenue, item_sales, delivery_fees, discounts
          FROM sales_daily_orders WHERE ${closedDays(range, lastClosed)} AND payment_bucket <> 'refunded'
          UNION ALL
          SELECT (live.created_at AT TIME ZONE ${SHOP_TIME_ZONE})::date, live.outlet_id, live.payment_method, live.channel, 1, coalesce(units.q, 0),
                 live.total_amount, live.subtotal_amount, live.delivery_fee, coalesce(live.discount_amount, 0)
          FROM live LEFT JOIN units ON units.order_id = live.id),
        g AS (
          SELECT CASE WHEN GROUPING(d.day) = 0 THEN 'day' WHEN GROUPING(d.outlet_id) = 0 THEN 'outlet'
                      WHEN GROUPING(d.payment_method) = 0 THEN 'payment_method'
                      WHEN GROUPING(d.channel) = 0 THEN 'channel' ELSE 'total' END AS part,
                 CASE WHEN GROUPING(d.day) = 0 THEN to_char(d.day, 'YYYY-MM-DD')
                      WHEN GROUPING(d.outlet_id) = 0 THEN coalesce(d.outlet_id::text, 'none')
                      WHEN GROUPING(d.payment_method) = 0 THEN d.payment_method
                      WHEN GROUPING(d.channel) = 0 THEN d.channel END AS key,
                 coalesce(sum(d.orders), 0)::int AS orders, coalesce(sum(d.units), 0)::bigint AS units,
                 coalesce(sum(d.revenue), 0)::bigint AS revenue,
                 coalesce(sum(d.item_sales), 0)::bigint AS item_sales,
                 coalesce(sum(d.delivery_fees), 0)::bigint AS delivery_fees,
                 coalesce(sum(d.discounts), 0)::bigint AS discounts
          FROM d GROUP BY GROUPING SETS ((), (d.day), (d.outlet_id), (d.payment_method), (d.channel)))
        SELECT g.*, CASE g.part WHEN 'outlet' THEN coalesce(ou.name, 'No outlet') END AS label
        FROM g LEFT JOIN outlets ou ON g.part = 'outlet' AND ou.id::text = g.key
        ORDER BY g.part, g.revenue DESC, label, g.key`,
  );
}

/**
 * The report by category (an order counts once in each of its categories), from the daily rows and
 * the open days' lines, ordered by revenue. Labelled with the category's current name.
 */
export function salesByCategory(tx: Tx, range: Range, lastClosed: string) {
  return rows(
    tx,
    sql`WITH live AS (${liveSales(range, lastClosed)}),
        l AS (
          SELECT oi.order_id, oi.quantity, oi.price, p.category_id
          FROM order_items oi JOIN live ON live.id = oi.order_id LEFT JOIN products p ON p.id = oi.product_id),
        b AS (
          SELECT category_id, sum(orders)::int AS orders, sum(units)::bigint AS units, sum(revenue)::bigint AS revenue
          FROM (SELECT category_id, orders, units, revenue
                FROM sales_daily_categories WHERE ${closedDays(range, lastClosed)} AND payment_bucket <> 'refunded'
                UNION ALL
                SELECT l.category_id, count(DISTINCT l.order_id), sum(l.quantity), sum(l.quantity * l.price)
                FROM l GROUP BY l.category_id) x
          GROUP BY category_id)
        SELECT coalesce(b.category_id::text, 'none') AS key, coalesce(c.name, 'Uncategorised') AS label, b.orders, b.units, b.revenue
        FROM b LEFT JOIN product_categories c ON c.id = b.category_id
        ORDER BY b.revenue DESC, label, key`,
  );
}

/** The open days' sales by product, from their order lines (a few hundred rows at most a day). */
export function liveSalesByProduct(tx: Tx, range: Range, lastClosed: string) {
  return rows(
    tx,
    sql`WITH live AS (${liveSales(range, lastClosed)})
        SELECT oi.product_id::text AS key, count(DISTINCT oi.order_id)::int AS orders, sum(oi.quantity)::bigint AS units,
               sum(oi.quantity * oi.price)::bigint AS revenue
        FROM order_items oi JOIN live ON live.id = oi.order_id
        GROUP BY oi.product_id`,
  );
}

/**
 * The version of each built day of from..to: the xmin of its sales_rollup_days row, which every
 * rebuild of the day rewrites (in the transaction that rewrites its rows), so an equal version means
 * the same rows.
 */
export async function rollupDayVersions(tx: Tx, from: string, to: string): Promise<Map<string, string>> {
  const list = await rows(
    tx,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, xmin::text AS version FROM sales_rollup_days WHERE day BETWEEN ${from}::date AND ${to}::date`,
  );
  return new Map(list.map((r) => [String(r.day), String(r.version)]));
}

export interface DayProductSums {
  /** Day → its version when these rows were read. */
  versions: Record<string, string>;
  /** [day, product id, orders, units, revenue] of the sales that count in the report (not refunded). */
  rows: [string, string, number, number, number][];
}

/**
 * The built days' product rows, summed over the payment buckets the report counts, with their
 * versions, read in one statement (one snapshot, so each version belongs to its rows) and returned
 * as one JSON text: the embedded database hands over each field of a row on its own, about 1 µs
 * apiece, which for a month of days (13,000 rows) is most of the cost.
 */
export async function dayProductSums(tx: Tx, days: string[]): Promise<DayProductSums> {
  if (!days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))) throw new Error(`not a list of days: ${days.join(',')}`);
  const list = `{${days.join(',')}}`;
  const res = (await tx.execute(sql`
    SELECT json_build_object(
      'versions', (SELECT coalesce(json_object_agg(to_char(day, 'YYYY-MM-DD'), xmin::text), '{}') FROM sales_rollup_days
                   WHERE day = ANY(${list}::date[])),
      'rows', (SELECT coalesce(json_agg(json_build_array(to_char(x.day, 'YYYY-MM-DD'), x.product_id, x.orders, x.units, x.revenue)), '[]')
               FROM (SELECT day, product_id, sum(orders)::int AS orders, sum(units)::bigint AS units, sum(revenue)::bigint AS revenue
                     FROM sales_daily_products WHERE day = ANY(${list}::date[]) AND payment_bucket <> 'refunded'
                     GROUP BY day, product_id) x))::text AS sums`)) as unknown as { rows: { sums: string }[] };
  return JSON.parse(res.rows[0]!.sums) as DayProductSums;
}

/** Every product's current name, as one JSON object text (id → name). */
export async function productNames(tx: Tx): Promise<Record<string, string>> {
  const res = (await tx.execute(sql`SELECT coalesce(json_object_agg(id, name), '{}')::text AS names FROM products`)) as unknown as {
    rows: { names: string }[];
  };
  return JSON.parse(res.rows[0]!.names) as Record<string, string>;
}

/**
 * The dashboard's counted orders (not cancelled, payment not failed) per day from `from` on (no end,
 * as the dashboard has always counted), as revenue and order count.
 */
export function dashboardRevenueByDay(tx: Tx, from: string, lastClosed: string) {
  return rows(
    tx,
    sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, sum(d.revenue)::bigint AS revenue, sum(d.orders)::int AS orders
        FROM (
          SELECT day, revenue, orders FROM sales_daily_orders
          WHERE day BETWEEN ${from}::date AND ${lastClosed}::date AND payment_bucket <> 'failed'
          UNION ALL
          SELECT (o.created_at AT TIME ZONE ${SHOP_TIME_ZONE})::date, o.total_amount, 1 FROM orders o
          WHERE o.created_at >= ${dayStart(sql`greatest(${from}::date, ${lastClosed}::date + 1)`)}
            AND o.status <> 'cancelled' AND o.payment_status <> 'failed') d
        GROUP BY d.day ORDER BY d.day`,
  );
}

/** The dashboard's best sellers from `from` on: counted orders' lines by product, most units first. */
export function dashboardTopProducts(tx: Tx, from: string, lastClosed: string, limit: number) {
  return rows(
    tx,
    sql`SELECT t.product_id AS id, max(t.product_name) AS name, sum(t.units)::int AS quantity, sum(t.revenue)::bigint AS revenue
        FROM (
          SELECT product_id, product_name, units, revenue FROM sales_daily_products
          WHERE day BETWEEN ${from}::date AND ${lastClosed}::date AND payment_bucket <> 'failed'
          UNION ALL
          SELECT oi.product_id, oi.product_name, oi.quantity, oi.quantity * oi.price
          FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE o.created_at >= ${dayStart(sql`greatest(${from}::date, ${lastClosed}::date + 1)`)}
            AND o.status <> 'cancelled' AND o.payment_status <> 'failed') t
        GROUP BY t.product_id
        ORDER BY quantity DESC, revenue DESC, id
        LIMIT ${sql.raw(String(Math.trunc(limit)))}`,
  );
}

export function inventoryRows(tx: Tx) {
  return rows(
    tx,
    sql`SELECT p.id::text AS product_id, p.name, coalesce(c.name, 'Uncategorised') AS category, p.stock, p.price,
               (p.stock::bigint * p.price)::bigint AS value
        FROM products p LEFT JOIN product_categories c ON c.id = p.category_id
        WHERE NOT p.is_archived
        ORDER BY value DESC, p.name`,
  );
}
