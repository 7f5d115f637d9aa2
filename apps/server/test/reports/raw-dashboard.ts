/**
 * Test oracle: the admin dashboard as it was before it read the daily sales rollups,
 * each figure straight from the orders. sales-report.test.ts checks both agree. One change: top
 * products of equal quantity and revenue are ordered by id, as the dashboard now orders them (they
 * came in no set order before).
 */
import { LOW_STOCK_THRESHOLD, REVENUE_TREND_DAYS, SHOP_TIME_ZONE, TOP_PRODUCTS_LIMIT } from '@meatshop/shared/constants';
import type { DashboardResponse } from '@meatshop/shared/admin-orders';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../src/db/client.ts';

const TZ = SHOP_TIME_ZONE;
const DAYS = REVENUE_TREND_DAYS;
/** Top products rank the sales of the last 30 days. */
const TOP_PRODUCTS_DAYS = 30;

type Rows<T> = { rows: T[] };

function change(value: number, previous: number) {
  if (previous === 0) return value === 0 ? 0 : null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

export async function rawDashboard(db: Tx): Promise<DashboardResponse> {
  const today = sql.raw(`(now() at time zone '${TZ}')::date`);
  // Constants are inlined: PostgreSQL cannot type a bound parameter in `date - $1`.
  const n = (v: number) => sql.raw(String(Math.trunc(v)));
  const day = (col: string) => sql.raw(`(${col} at time zone '${TZ}')::date`);
  const counted = sql`status <> 'cancelled' and payment_status <> 'failed'`;
  // The first instant of the Kampala day `days` days before today: `created_at >= since(n)` is
  // `day(created_at) > today - n - 1`, written so an index on created_at applies.
  const since = (days: number) => sql.raw(`(((now() at time zone '${TZ}')::date - ${Math.trunc(days)})::timestamp at time zone '${TZ}')`);

  const totals = (await db.execute(sql`
    select
      coalesce(sum(total_amount) filter (where ${day('created_at')} > ${today} - ${n(DAYS)}), 0)::bigint as revenue,
      coalesce(sum(total_amount) filter (where ${day('created_at')} <= ${today} - ${n(DAYS)}), 0)::bigint as prev_revenue,
      count(*) filter (where ${day('created_at')} > ${today} - ${n(DAYS)})::int as orders,
      count(*) filter (where ${day('created_at')} <= ${today} - ${n(DAYS)})::int as prev_orders
    from orders
    where ${counted} and created_at >= ${since(DAYS * 2 - 1)}
  `)) as unknown as Rows<{ revenue: string; prev_revenue: string; orders: number; prev_orders: number }>;
  const t = totals.rows[0]!;
  const revenue = Number(t.revenue);
  const prevRevenue = Number(t.prev_revenue);
  const orderCount = Number(t.orders);
  const prevOrders = Number(t.prev_orders);

  const customers = (await db.execute(sql`
    select
      count(*)::int as total,
      count(*) filter (where ${day('created_at')} > ${today} - ${n(DAYS)})::int as recent,
      count(*) filter (where ${day('created_at')} <= ${today} - ${n(DAYS)} and ${day('created_at')} > ${today} - ${n(DAYS * 2)})::int as previous
    from users u where not u.is_admin and not exists (select 1 from outlet_employees e where e.user_id = u.id)
  `)) as unknown as Rows<{ total: number; recent: number; previous: number }>;
  const c = customers.rows[0]!;

  const series = (await db.execute(sql`
    with o as (
      select ${day('created_at')} as d, sum(total_amount) as revenue, count(*) as orders
      from orders where ${counted} and created_at >= ${since(DAYS - 1)}
      group by 1
    )
    select to_char(g.ts, 'YYYY-MM-DD') as date, coalesce(o.revenue, 0)::bigint as revenue, coalesce(o.orders, 0)::int as orders
    from generate_series(${today} - ${n(DAYS - 1)}, ${today}, interval '1 day') as g(ts)
    left join o on o.d = g.ts::date
    order by g.ts
  `)) as unknown as Rows<{ date: string; revenue: string; orders: number }>;

  const lowStock = (await db.execute(sql`
    select id, name, stock from products where not is_archived and stock < ${n(LOW_STOCK_THRESHOLD)} order by stock, name limit 10
  `)) as unknown as Rows<{ id: string; name: string; stock: number }>;

  const alerts = (await db.execute(sql`
    select
      (select count(*) from orders where status = 'pending' and rider_id is null and payment_status <> 'failed')::int as unassigned,
      (select count(*) from orders where payment_status = 'failed' and created_at >= ${since(DAYS - 1)})::int as failed
  `)) as unknown as Rows<{ unassigned: number; failed: number }>;

  const top = (await db.execute(sql`
    select oi.product_id as id, max(oi.product_name) as name, sum(oi.quantity)::int as quantity, sum(oi.quantity * oi.price)::bigint as revenue
    from order_items oi join orders o on o.id = oi.order_id
    where o.status <> 'cancelled' and o.payment_status <> 'failed' and o.created_at >= ${since(TOP_PRODUCTS_DAYS - 1)}
    group by oi.product_id
    order by quantity desc, revenue desc, oi.product_id
    limit ${n(TOP_PRODUCTS_LIMIT)}
  `)) as unknown as Rows<{ id: string; name: string; quantity: number; revenue: string }>;

  const aov = orderCount ? Math.round(revenue / orderCount) : 0;
  const prevAov = prevOrders ? Math.round(prevRevenue / prevOrders) : 0;
  return {
    periodDays: DAYS,
    revenue: { value: revenue, previous: prevRevenue, changePercent: change(revenue, prevRevenue) },
    orders: { value: orderCount, previous: prevOrders, changePercent: change(orderCount, prevOrders) },
    customers: {
      total: Number(c.total),
      value: Number(c.recent),
      previous: Number(c.previous),
      changePercent: change(Number(c.recent), Number(c.previous)),
    },
    averageOrderValue: { value: aov, previous: prevAov, changePercent: change(aov, prevAov) },
    revenueByDay: series.rows.map((r) => ({ date: r.date, revenue: Number(r.revenue), orders: Number(r.orders) })),
    alerts: {
      lowStock: lowStock.rows.map((r) => ({ id: r.id, name: r.name, stock: Number(r.stock) })),
      unassignedPending: Number(alerts.rows[0]!.unassigned),
      failedPayments: Number(alerts.rows[0]!.failed),
    },
    topProducts: top.rows.map((r) => ({ id: r.id, name: r.name, quantity: Number(r.quantity), revenue: Number(r.revenue) })),
  };
}
