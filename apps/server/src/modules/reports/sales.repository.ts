/**
 * Sales aggregates for a range of Kampala days. A sale is an order that was not cancelled and not
 * refunded; the range is turned into UTC instants once so the orders index on created_at is used.
 */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

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

/**
 * The order-grain parts of the report in one pass over the range's orders (with each order's units):
 * the totals (`part` = 'total'), each day, outlet and payment method, ordered by revenue within each.
 */
export function salesByOrder(tx: Tx, range: Range) {
  return rows(
    tx,
    sql`WITH o AS (${salesOrders(range)}),
        units AS (SELECT oi.order_id, sum(oi.quantity) AS q FROM order_items oi WHERE oi.order_id IN (SELECT id FROM o) GROUP BY oi.order_id),
        d AS (SELECT o.*, (o.created_at AT TIME ZONE ${SHOP_TIME_ZONE})::date AS day, coalesce(units.q, 0) AS q
              FROM o LEFT JOIN units ON units.order_id = o.id),
        g AS (
          SELECT CASE WHEN GROUPING(d.day) = 0 THEN 'day' WHEN GROUPING(d.outlet_id) = 0 THEN 'outlet'
                      WHEN GROUPING(d.payment_method) = 0 THEN 'payment_method' ELSE 'total' END AS part,
                 CASE WHEN GROUPING(d.day) = 0 THEN to_char(d.day, 'YYYY-MM-DD')
                      WHEN GROUPING(d.outlet_id) = 0 THEN coalesce(d.outlet_id::text, 'none')
                      WHEN GROUPING(d.payment_method) = 0 THEN d.payment_method END AS key,
                 count(*)::int AS orders, coalesce(sum(d.q), 0)::bigint AS units,
                 coalesce(sum(d.total_amount), 0)::bigint AS revenue,
                 coalesce(sum(d.subtotal_amount), 0)::bigint AS item_sales,
                 coalesce(sum(d.delivery_fee), 0)::bigint AS delivery_fees,
                 coalesce(sum(d.discount_amount), 0)::bigint AS discounts
          FROM d GROUP BY GROUPING SETS ((), (d.day), (d.outlet_id), (d.payment_method)))
        SELECT g.*, CASE g.part WHEN 'outlet' THEN coalesce(ou.name, 'No outlet') END AS label
        FROM g LEFT JOIN outlets ou ON g.part = 'outlet' AND ou.id::text = g.key
        ORDER BY g.part, g.revenue DESC, label, g.key`,
  );
}

/** The line-grain parts in one pass over the range's order lines: each category and each product. */
export function salesByLine(tx: Tx, range: Range) {
  return rows(
    tx,
    sql`WITH o AS (${salesOrders(range)}),
        l AS (SELECT oi.order_id, oi.product_id, oi.product_name, oi.quantity, oi.price, p.name AS current_name, p.category_id
              FROM order_items oi JOIN o ON o.id = oi.order_id LEFT JOIN products p ON p.id = oi.product_id),
        g AS (
          SELECT CASE WHEN GROUPING(l.category_id) = 0 THEN 'category' ELSE 'product' END AS part,
                 CASE WHEN GROUPING(l.category_id) = 0 THEN coalesce(l.category_id::text, 'none') ELSE l.product_id::text END AS key,
                 coalesce(max(l.current_name), max(l.product_name)) AS product_label,
                 count(DISTINCT l.order_id)::int AS orders, sum(l.quantity)::bigint AS units,
                 sum(l.quantity * l.price)::bigint AS revenue
          FROM l GROUP BY GROUPING SETS ((l.category_id), (l.product_id)))
        SELECT g.part, g.key, g.orders, g.units, g.revenue,
               CASE g.part WHEN 'category' THEN coalesce(c.name, 'Uncategorised') ELSE g.product_label END AS label
        FROM g LEFT JOIN product_categories c ON g.part = 'category' AND c.id::text = g.key
        ORDER BY g.part, g.revenue DESC, label, g.key`,
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
