/** The weighed-lines report's SQL: weighed order lines per product and outlet over a range of Kampala days. */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

const dayStart = (day: string) => sql`((${day})::date::timestamp AT TIME ZONE ${SHOP_TIME_ZONE})`;

export interface WeighedRow {
  product_id: string;
  product_name: string;
  outlet_id: string | null;
  outlet_name: string | null;
  lines: number;
  estimated_grams: number;
  weighed_grams: number;
  charged: number;
  given_away_grams: number;
  given_away_amount: number;
}

/**
 * Grams given away on a line: what was weighed beyond the estimate, only when it was charged the
 * estimate (weighed_price above final_price); money given away is that difference in price.
 */
export async function findWeighedLines(tx: Tx, from: string, to: string) {
  const res = (await tx.execute(sql`
    SELECT i.product_id, min(i.product_name) AS product_name, o.outlet_id, min(ou.name) AS outlet_name,
           count(*)::int AS lines,
           coalesce(sum(i.grams_per_pack * i.quantity), 0)::int AS estimated_grams,
           coalesce(sum(i.weighed_grams), 0)::int AS weighed_grams,
           coalesce(sum(coalesce(i.final_price, i.price * i.quantity)), 0)::int AS charged,
           coalesce(sum(CASE WHEN i.weighed_price > i.final_price THEN i.weighed_grams - i.grams_per_pack * i.quantity ELSE 0 END), 0)::int
             AS given_away_grams,
           coalesce(sum(CASE WHEN i.weighed_price > i.final_price THEN i.weighed_price - i.final_price ELSE 0 END), 0)::int AS given_away_amount
      FROM order_items i
      JOIN orders o ON o.id = i.order_id
      LEFT JOIN outlets ou ON ou.id = o.outlet_id
     WHERE i.price_per_kg IS NOT NULL
       AND o.status <> 'cancelled'
       AND o.created_at >= ${dayStart(from)}
       AND o.created_at < (${dayStart(to)} + interval '1 day')
     GROUP BY i.product_id, o.outlet_id
     ORDER BY min(i.product_name), min(ou.name)`)) as unknown as { rows: WeighedRow[] };
  return res.rows;
}
