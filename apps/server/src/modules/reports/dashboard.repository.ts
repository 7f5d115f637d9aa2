/**
 * The dashboard's own counts (customers, low stock, alerts); revenue and top products come from
 * sales.repository.ts. Days are Kampala days; a filter on created_at is a range of instants
 * (`since(n)`), so the orders index serves it.
 */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

const TZ = SHOP_TIME_ZONE;

type Rows<T> = { rows: T[] };

const today = sql.raw(`(now() at time zone '${TZ}')::date`);
// Constants are inlined: PostgreSQL cannot type a bound parameter in `date - $1`.
const n = (v: number) => sql.raw(String(Math.trunc(v)));
const day = (col: string) => sql.raw(`(${col} at time zone '${TZ}')::date`);
// The first instant of the Kampala day `days` days before today: `created_at >= since(n)` is
// `day(created_at) > today - n - 1`, written so an index on created_at applies.
const since = (days: number) => sql.raw(`(((now() at time zone '${TZ}')::date - ${Math.trunc(days)})::timestamp at time zone '${TZ}')`);

/** Customers (not admins, not outlet employees): all, those who joined in the last `days` days, and in the `days` before. */
export async function countDashboardCustomers(db: Tx, days: number) {
  const customers = (await db.execute(sql`
    select
      count(*)::int as total,
      count(*) filter (where ${day('created_at')} > ${today} - ${n(days)})::int as recent,
      count(*) filter (where ${day('created_at')} <= ${today} - ${n(days)} and ${day('created_at')} > ${today} - ${n(days * 2)})::int as previous
    from users u where not u.is_admin and not exists (select 1 from outlet_employees e where e.user_id = u.id)
  `)) as unknown as Rows<{ total: number; recent: number; previous: number }>;
  return customers.rows[0]!;
}

/** Up to 10 unarchived products under the threshold, lowest stock first. */
export async function listLowStockProducts(db: Tx, threshold: number) {
  const lowStock = (await db.execute(sql`
    select id, name, stock from products where not is_archived and stock < ${n(threshold)} order by stock, name limit 10
  `)) as unknown as Rows<{ id: string; name: string; stock: number }>;
  return lowStock.rows;
}

/** Pending orders no rider has (payment not failed), and orders whose payment failed since the Kampala day `failedSinceDays` days ago. */
export async function countDashboardAlerts(db: Tx, failedSinceDays: number) {
  const alerts = (await db.execute(sql`
    select
      (select count(*) from orders where status = 'pending' and rider_id is null and payment_status <> 'failed')::int as unassigned,
      (select count(*) from orders where payment_status = 'failed' and created_at >= ${since(failedSinceDays)})::int as failed
  `)) as unknown as Rows<{ unassigned: number; failed: number }>;
  return alerts.rows[0]!;
}
