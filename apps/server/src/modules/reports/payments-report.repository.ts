/**
 * The payments report's figures per Kampala day and money channel: provider payments by the day we
 * recorded them completed, cash orders by the day they were delivered (less what was taken off the
 * cash to collect) and balances a rider collected in cash by the day of delivery, completed refunds
 * by the day they completed. One pass, grouped in SQL.
 */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Range } from './sales.repository.ts';

export interface PaymentsDayRow {
  day: string;
  method: string;
  payments: number;
  paid: number;
  refunded: number;
}

// A literal, not a parameter: the same expression appears in SELECT and GROUP BY.
const TZ = sql.raw(`'${SHOP_TIME_ZONE}'`);

export async function paymentsByDayAndMethod(tx: Tx, { from, to }: Range): Promise<PaymentsDayRow[]> {
  const start = sql`(${from}::date::timestamp AT TIME ZONE ${TZ})`;
  const end = sql`((${to}::date + 1)::timestamp AT TIME ZONE ${TZ})`;
  const res = (await tx.execute(sql`
    WITH m AS (
      SELECT p.completed_at AS at, CASE WHEN p.method = 'card' THEN 'card' ELSE 'mobile_money' END AS method,
             1 AS n, p.amount::bigint AS paid, 0::bigint AS refunded
      FROM payments p WHERE p.completed_at >= ${start} AND p.completed_at < ${end}
      UNION ALL
      SELECT o.delivered_at, 'cash', 1, (o.total_amount - coalesce((
               SELECT sum(r.amount) FROM refunds r
               WHERE r.order_id = o.id AND r.reduces_collection AND r.state <> 'failed'), 0))::bigint, 0
      FROM orders o
      WHERE o.payment_method = 'cash_on_delivery' AND o.status = 'delivered'
        AND o.delivered_at >= ${start} AND o.delivered_at < ${end}
      UNION ALL
      SELECT b.settled_at, 'cash', 1, (b.amount - b.cancelled_amount)::bigint, 0
      FROM order_balances b
      WHERE b.state = 'collected' AND b.settled_at >= ${start} AND b.settled_at < ${end}
      UNION ALL
      SELECT r.completed_at, r.method, 0, 0, r.amount::bigint
      FROM refunds r
      WHERE r.state = 'completed' AND NOT r.reduces_collection AND r.completed_at >= ${start} AND r.completed_at < ${end})
    SELECT to_char((m.at AT TIME ZONE ${TZ})::date, 'YYYY-MM-DD') AS day, m.method,
           sum(m.n)::int AS payments, sum(m.paid)::bigint AS paid, sum(m.refunded)::bigint AS refunded
    FROM m GROUP BY 1, 2 ORDER BY 1, 2`)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows.map((r) => ({
    day: String(r.day),
    method: String(r.method),
    payments: Number(r.payments),
    paid: Number(r.paid),
    refunded: Number(r.refunded),
  }));
}

/** Today in Kampala by the database's clock, so the default range agrees with the figures. */
export async function kampalaToday(tx: Tx): Promise<string> {
  const res = (await tx.execute(sql`SELECT to_char((now() AT TIME ZONE ${TZ})::date, 'YYYY-MM-DD') AS today`)) as unknown as {
    rows: { today: string }[];
  };
  return res.rows[0]!.today;
}
