/**
 * The substitution report's counts per product: order lines placed on the range's Kampala days
 * (cancelled orders left out: nothing of theirs was packed), how many were short, substituted,
 * refunded and refused. One pass, grouped in SQL.
 */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { and, gte, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import type { Range } from './sales.repository.ts';

const TZ = sql.raw(`'${SHOP_TIME_ZONE}'`);

export function substitutionCounts(tx: Tx, { from, to }: Range) {
  const kept = sql`${orderItems.shortOutcome} = 'substituted' AND ${orderItems.substituteRefusedAt} IS NULL`;
  const refunded = sql`${orderItems.shortOutcome} = 'refunded' OR ${orderItems.substituteRefusedAt} IS NOT NULL`;
  return tx
    .select({
      productId: orderItems.productId,
      name: sql<string>`max(${orderItems.productName})`,
      lines: sql<number>`count(*)::int`,
      short: sql<number>`count(${orderItems.shortQuantity})::int`,
      substituted: sql<number>`(count(*) FILTER (WHERE ${kept}))::int`,
      refunded: sql<number>`(count(*) FILTER (WHERE ${refunded}))::int`,
      refused: sql<number>`count(${orderItems.substituteRefusedAt})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, sql`${orders.id} = ${orderItems.orderId}`)
    .where(
      and(
        gte(orders.createdAt, sql`(${from}::date::timestamp AT TIME ZONE ${TZ})`),
        lt(orders.createdAt, sql`((${to}::date + 1)::timestamp AT TIME ZONE ${TZ})`),
        ne(orders.status, 'cancelled'),
      ),
    )
    .groupBy(orderItems.productId);
}
