/**
 * The admin dashboard from real data. Days are Kampala days (ARCHITECTURE: "every 7-day series is a
 * day in Africa/Kampala"). Each figure is the last 7 days (today included) against the 7 before,
 * replacing the spec's hard-coded trends. Revenue counts orders that are not cancelled and whose
 * payment did not fail. Top products are those of the last 30 days. Revenue and top products read
 * the daily sales rollups of closed days and the orders of open ones (sales-rollup.service.ts); every
 * other filter on created_at is a range of instants (`since(n)`), so the orders index serves it.
 */
import { LOW_STOCK_THRESHOLD, REVENUE_TREND_DAYS, SHOP_TIME_ZONE, TOP_PRODUCTS_LIMIT } from '@meatshop/shared/constants';
import type { DashboardResponse } from '@meatshop/shared/admin-orders';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { readySales } from './sales-rollup.service.ts';
import { dashboardRevenueByDay, dashboardTopProducts } from './sales.repository.ts';

const TZ = SHOP_TIME_ZONE;
const DAYS = REVENUE_TREND_DAYS;
/** Top products rank the sales of the last 30 days. */
const TOP_PRODUCTS_DAYS = 30;

type Rows<T> = { rows: T[] };

/** The Kampala day `n` days before `day` (YYYY-MM-DD). */
function daysBefore(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

function change(value: number, previous: number) {
  if (previous === 0) return value === 0 ? 0 : null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

export async function dashboard(db: Tx): Promise<DashboardResponse> {
  const today = sql.raw(`(now() at time zone '${TZ}')::date`);
  // Constants are inlined: PostgreSQL cannot type a bound parameter in `date - $1`.
  const n = (v: number) => sql.raw(String(Math.trunc(v)));
  const day = (col: string) => sql.raw(`(${col} at time zone '${TZ}')::date`);
  // The first instant of the Kampala day `days` days before today: `created_at >= since(n)` is
  // `day(created_at) > today - n - 1`, written so an index on created_at applies.
  const since = (days: number) => sql.raw(`(((now() at time zone '${TZ}')::date - ${Math.trunc(days)})::timestamp at time zone '${TZ}')`);

  const { today: todayDay, lastClosed } = await readySales(db, { lastDays: TOP_PRODUCTS_DAYS });
  // Counted orders per day over two periods: this week (today and the 6 days before, or later) and the one before.
  const byDay = (await dashboardRevenueByDay(db, daysBefore(todayDay, DAYS * 2 - 1), lastClosed)).map((r) => ({
    date: String(r.day),
    revenue: Number(r.revenue),
    orders: Number(r.orders),
  }));
  const weekStart = daysBefore(todayDay, DAYS - 1);
  const sum = (list: typeof byDay, k: 'revenue' | 'orders') => list.reduce((s, r) => s + r[k], 0);
  const week = byDay.filter((r) => r.date >= weekStart);
  const before = byDay.filter((r) => r.date < weekStart);
  const revenue = sum(week, 'revenue');
  const prevRevenue = sum(before, 'revenue');
  const orderCount = sum(week, 'orders');
  const prevOrders = sum(before, 'orders');
  // The week's days, with zeros on days without sales.
  const series = Array.from({ length: DAYS }, (_, i) => daysBefore(todayDay, DAYS - 1 - i)).map(
    (date) => byDay.find((r) => r.date === date) ?? { date, revenue: 0, orders: 0 },
  );

  const customers = (await db.execute(sql`
    select
      count(*)::int as total,
      count(*) filter (where ${day('created_at')} > ${today} - ${n(DAYS)})::int as recent,
      count(*) filter (where ${day('created_at')} <= ${today} - ${n(DAYS)} and ${day('created_at')} > ${today} - ${n(DAYS * 2)})::int as previous
    from users u where not u.is_admin and not exists (select 1 from outlet_employees e where e.user_id = u.id)
  `)) as unknown as Rows<{ total: number; recent: number; previous: number }>;
  const c = customers.rows[0]!;

  const lowStock = (await db.execute(sql`
    select id, name, stock from products where not is_archived and stock < ${n(LOW_STOCK_THRESHOLD)} order by stock, name limit 10
  `)) as unknown as Rows<{ id: string; name: string; stock: number }>;

  const alerts = (await db.execute(sql`
    select
      (select count(*) from orders where status = 'pending' and rider_id is null and payment_status <> 'failed')::int as unassigned,
      (select count(*) from orders where payment_status = 'failed' and created_at >= ${since(DAYS - 1)})::int as failed
  `)) as unknown as Rows<{ unassigned: number; failed: number }>;

  const top = await dashboardTopProducts(db, daysBefore(todayDay, TOP_PRODUCTS_DAYS - 1), lastClosed, TOP_PRODUCTS_LIMIT);

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
    revenueByDay: series,
    alerts: {
      lowStock: lowStock.rows.map((r) => ({ id: r.id, name: r.name, stock: Number(r.stock) })),
      unassignedPending: Number(alerts.rows[0]!.unassigned),
      failedPayments: Number(alerts.rows[0]!.failed),
    },
    topProducts: top.map((r) => ({ id: String(r.id), name: String(r.name), quantity: Number(r.quantity), revenue: Number(r.revenue) })),
  };
}
