/**
 * The admin dashboard from real data. Days are Kampala days (ARCHITECTURE: "every 7-day series is a
 * day in Africa/Kampala"). Each figure is the last 7 days (today included) against the 7 before,
 * replacing the spec's hard-coded trends. Revenue counts orders that are not cancelled and whose
 * payment did not fail. Top products are those of the last 30 days. Revenue and top products read
 * the daily sales rollups of closed days and the orders of open ones (sales-rollup.service.ts); the
 * other counts are in dashboard.repository.ts.
 */
import { LOW_STOCK_THRESHOLD, REVENUE_TREND_DAYS, TOP_PRODUCTS_LIMIT } from '@meatshop/shared/constants';
import type { DashboardResponse } from '@meatshop/shared/admin-orders';
import type { Tx } from '../../db/client.ts';
import { countDashboardAlerts, countDashboardCustomers, listLowStockProducts } from './dashboard.repository.ts';
import { readySales } from './sales-rollup.service.ts';
import { dashboardRevenueByDay, dashboardTopProducts } from './sales.repository.ts';

const DAYS = REVENUE_TREND_DAYS;
/** Top products rank the sales of the last 30 days. */
const TOP_PRODUCTS_DAYS = 30;

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

  const c = await countDashboardCustomers(db, DAYS);
  const lowStock = await listLowStockProducts(db, LOW_STOCK_THRESHOLD);
  const alerts = await countDashboardAlerts(db, DAYS - 1);

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
      lowStock: lowStock.map((r) => ({ id: r.id, name: r.name, stock: Number(r.stock) })),
      unassignedPending: Number(alerts.unassigned),
      failedPayments: Number(alerts.failed),
    },
    topProducts: top.map((r) => ({ id: String(r.id), name: String(r.name), quantity: Number(r.quantity), revenue: Number(r.revenue) })),
  };
}
