/**
 * Test oracle: the sales report as six separate aggregations over the orders, as it was written before
 * the single-pass grouping-sets version. sales-report.test.ts checks both agree.
 */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../src/db/client.ts';

export interface Range {
  from: string;
  to: string;
}

type Row = Record<string, unknown>;

/** `o` = the orders that count as sales in the range. */
function salesOrders({ from, to }: Range): SQL {
  return sql`
    SELECT o.* FROM orders o
    WHERE o.created_at >= (${from}::date::timestamp AT TIME ZONE ${SHOP_TIME_ZONE})
      AND o.created_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE})
      AND o.status <> 'cancelled'
      AND o.payment_status <> 'refunded'`;
}

async function rows(tx: Tx, query: SQL): Promise<Row[]> {
  const res = (await tx.execute(query)) as unknown as { rows: Row[] };
  return res.rows;
}

export async function salesTotals(tx: Tx, range: Range) {
  const [r] = await rows(
    tx,
    sql`WITH o AS (${salesOrders(range)})
        SELECT count(*)::int AS orders,
               coalesce(sum(total_amount), 0)::bigint AS revenue,
               coalesce(sum(subtotal_amount), 0)::bigint AS item_sales,
               coalesce(sum(delivery_fee), 0)::bigint AS delivery_fees,
               coalesce(sum(discount_amount), 0)::bigint AS discounts
        FROM o`,
  );
  return {
    orders: Number(r?.orders ?? 0),
    revenue: Number(r?.revenue ?? 0),
    itemSales: Number(r?.item_sales ?? 0),
    deliveryFees: Number(r?.delivery_fees ?? 0),
    discounts: Number(r?.discounts ?? 0),
  };
}

/** Every day of the range, with zeros on days without sales, so a chart shows the gaps. */
export function salesByDay(tx: Tx, range: Range) {
  return rows(
    tx,
    sql`WITH o AS (${salesOrders(range)}),
        d AS (SELECT (o.created_at AT TIME ZONE ${SHOP_TIME_ZONE})::date AS day, o.id, o.total_amount FROM o),
        units AS (SELECT oi.order_id, sum(oi.quantity) AS q FROM order_items oi WHERE oi.order_id IN (SELECT id FROM o) GROUP BY oi.order_id)
        SELECT to_char(g.day, 'YYYY-MM-DD') AS key,
               count(d.id)::int AS orders,
               coalesce(sum(units.q), 0)::bigint AS units,
               coalesce(sum(d.total_amount), 0)::bigint AS revenue
        FROM generate_series(${range.from}::date, ${range.to}::date, interval '1 day') AS g(day)
        LEFT JOIN d ON d.day = g.day::date
        LEFT JOIN units ON units.order_id = d.id
        GROUP BY g.day ORDER BY g.day`,
  );
}

export function salesByCategory(tx: Tx, range: Range) {
  return rows(
    tx,
    sql`WITH o AS (${salesOrders(range)})
        SELECT coalesce(c.id::text, 'none') AS key, coalesce(c.name, 'Uncategorised') AS label,
               count(DISTINCT oi.order_id)::int AS orders, sum(oi.quantity)::bigint AS units,
               sum(oi.quantity * oi.price)::bigint AS revenue
        FROM order_items oi JOIN o ON o.id = oi.order_id
        LEFT JOIN products p ON p.id = oi.product_id
        LEFT JOIN product_categories c ON c.id = p.category_id
        GROUP BY c.id, c.name ORDER BY revenue DESC, label`,
  );
}

export function salesByProduct(tx: Tx, range: Range) {
  return rows(
    tx,
    sql`WITH o AS (${salesOrders(range)})
        SELECT oi.product_id::text AS key, coalesce(max(p.name), max(oi.product_name)) AS label,
               count(DISTINCT oi.order_id)::int AS orders, sum(oi.quantity)::bigint AS units,
               sum(oi.quantity * oi.price)::bigint AS revenue
        FROM order_items oi JOIN o ON o.id = oi.order_id
        LEFT JOIN products p ON p.id = oi.product_id
        GROUP BY oi.product_id ORDER BY revenue DESC, label`,
  );
}

export function salesByOutlet(tx: Tx, range: Range) {
  return rows(
    tx,
    sql`WITH o AS (${salesOrders(range)}),
        units AS (SELECT oi.order_id, sum(oi.quantity) AS q FROM order_items oi WHERE oi.order_id IN (SELECT id FROM o) GROUP BY oi.order_id)
        SELECT coalesce(o.outlet_id::text, 'none') AS key, coalesce(max(ou.name), 'No outlet') AS label,
               count(*)::int AS orders, coalesce(sum(units.q), 0)::bigint AS units,
               sum(o.total_amount)::bigint AS revenue
        FROM o LEFT JOIN outlets ou ON ou.id = o.outlet_id LEFT JOIN units ON units.order_id = o.id
        GROUP BY o.outlet_id ORDER BY revenue DESC, label`,
  );
}

export function salesByPaymentMethod(tx: Tx, range: Range) {
  return rows(
    tx,
    sql`WITH o AS (${salesOrders(range)}),
        units AS (SELECT oi.order_id, sum(oi.quantity) AS q FROM order_items oi WHERE oi.order_id IN (SELECT id FROM o) GROUP BY oi.order_id)
        SELECT o.payment_method AS key, count(*)::int AS orders, coalesce(sum(units.q), 0)::bigint AS units,
               sum(o.total_amount)::bigint AS revenue
        FROM o LEFT JOIN units ON units.order_id = o.id
        GROUP BY o.payment_method ORDER BY revenue DESC`,
  );
}

export function salesByChannel(tx: Tx, range: Range) {
  return rows(
    tx,
    sql`WITH o AS (${salesOrders(range)}),
        units AS (SELECT oi.order_id, sum(oi.quantity) AS q FROM order_items oi WHERE oi.order_id IN (SELECT id FROM o) GROUP BY oi.order_id)
        SELECT o.channel AS key, count(*)::int AS orders, coalesce(sum(units.q), 0)::bigint AS units,
               sum(o.total_amount)::bigint AS revenue
        FROM o LEFT JOIN units ON units.order_id = o.id
        GROUP BY o.channel ORDER BY revenue DESC`,
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
