/**
 * Queries behind the outlet portal: one outlet's orders, its dashboard figures and the "ready for
 * pickup" mark. Every function takes the outlet id first, so no query can forget the outlet.
 * Days are Kampala days (UTC+3), computed in SQL so the server's own time zone never matters.
 */
import { statusesFrom } from '@meatshop/shared/order-lifecycle';
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { and, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deliveryRiders, users } from '../../db/schema/accounts.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { outlets } from '../../db/schema/outlets.ts';
import { substitutionColumns } from './orders.repository.ts';

const TZ = sql.raw(`'${SHOP_TIME_ZONE}'`);
/** Midnight today in Kampala, as a timestamptz. */
const todayStart = sql`(date_trunc('day', now() AT TIME ZONE ${TZ}) AT TIME ZONE ${TZ})`;

/** Statuses the outlet may still mark ready (the rider has not taken the order yet), from the transition table. */
export const READY_STATUSES = statusesFrom('mark_ready', 'outlet');

const summaryColumns = {
  id: orders.id,
  customerName: sql<string>`coalesce(nullif(${orders.shippingAddress}->>'full_name', ''), ${users.fullName})`,
  customerPhone: sql<string>`coalesce(nullif(${orders.shippingAddress}->>'phone', ''), ${users.phone}, '')`,
  totalAmount: orders.totalAmount,
  itemCount: sql<number>`coalesce((SELECT sum(${orderItems.quantity}) FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id}), 0)::int`,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  createdAt: orders.createdAt,
  readyAt: orders.readyAt,
  deliveryAsap: orders.deliveryAsap,
  deliverySlotStart: orders.deliverySlotStart,
  deliverySlotEnd: orders.deliverySlotEnd,
};

/**
 * An order held for a trade business's approval is no work for the outlet yet: its lists, figures and
 * order pages leave it out until it is approved (its stock is already taken off the outlet's count).
 */
const outletSees = ne(orders.status, 'awaiting_approval');

export interface OutletOrderFilter {
  search?: string;
  status?: string;
  limit: number;
}

export async function findOrdersByOutletId(tx: Tx, outletId: string, filter: OutletOrderFilter) {
  const conditions = [eq(orders.outletId, outletId), outletSees];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  const term = filter.search?.trim();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(sql`${orders.id}::text`, like),
        ilike(sql`${orders.shippingAddress}->>'full_name'`, like),
        ilike(sql`${orders.shippingAddress}->>'phone'`, like),
        ilike(sql`${orders.shippingAddress}->>'email'`, like),
        ilike(users.fullName, like),
      )!,
    );
  }
  return tx
    .select(summaryColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt))
    .limit(filter.limit);
}

export async function findTodayFiguresByOutletId(tx: Tx, outletId: string) {
  const [row] = await tx
    .select({
      orders: sql<number>`count(*)::int`,
      revenue: sql<number>`coalesce(sum(${orders.totalAmount}) FILTER (WHERE ${orders.status} <> 'cancelled'), 0)::float8`,
      billableOrders: sql<number>`count(*) FILTER (WHERE ${orders.status} <> 'cancelled')::int`,
      pending: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'pending')::int`,
      completed: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'delivered')::int`,
      cancelled: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'cancelled')::int`,
    })
    .from(orders)
    .where(and(eq(orders.outletId, outletId), outletSees, sql`${orders.createdAt} >= ${todayStart}`));
  return row ?? { orders: 0, revenue: 0, billableOrders: 0, pending: 0, completed: 0, cancelled: 0 };
}

export async function countPendingByOutletId(tx: Tx, outletId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.outletId, outletId), eq(orders.status, 'pending')));
  return row?.n ?? 0;
}

/** Revenue and order count for each of the last `days` Kampala days, oldest first, empty days included. */
export async function findDailyRevenueByOutletId(tx: Tx, outletId: string, days: number) {
  const result = await tx.execute(sql`
    WITH d AS (
      SELECT generate_series(0, ${days - 1}::int) AS back
    ), day AS (
      SELECT ((now() AT TIME ZONE ${TZ})::date - d.back) AS day FROM d
    )
    SELECT to_char(day.day, 'YYYY-MM-DD') AS date,
           coalesce(sum(o.total_amount) FILTER (WHERE o.status <> 'cancelled'), 0)::float8 AS revenue,
           count(o.id) FILTER (WHERE o.status <> 'cancelled')::int AS orders
      FROM day
      LEFT JOIN orders o
        ON o.outlet_id = ${outletId}
       AND o.created_at >= (day.day::timestamp AT TIME ZONE ${TZ})
       AND o.created_at < ((day.day + 1)::timestamp AT TIME ZONE ${TZ})
     GROUP BY day.day
     ORDER BY day.day`);
  const rows = (result as unknown as { rows: { date: string; revenue: number | string; orders: number | string }[] }).rows;
  return rows.map((r) => ({ date: r.date, revenue: Math.round(Number(r.revenue)), orders: Number(r.orders) }));
}

export async function findOrderByIdAndOutletId(tx: Tx, orderId: string, outletId: string) {
  const [row] = await tx
    .select({
      order: orders,
      userFullName: users.fullName,
      userEmail: users.email,
      userPhone: users.phone,
      riderFullName: deliveryRiders.fullName,
      riderPhone: deliveryRiders.phone,
      outletName: outlets.name,
      outletAddress: outlets.address,
      outletPhone: outlets.phone,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(outlets, eq(outlets.id, orders.outletId))
    .leftJoin(deliveryRiders, eq(deliveryRiders.id, orders.riderId))
    .where(and(eq(orders.id, orderId), eq(orders.outletId, outletId), outletSees))
    .limit(1);
  return row;
}

export async function findItemsByOrderId(tx: Tx, orderId: string) {
  return tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      price: orderItems.price,
      options: orderItems.options,
      note: orderItems.note,
      ...substitutionColumns,
      pricePerKg: orderItems.pricePerKg,
      gramsPerPack: orderItems.gramsPerPack,
      pieces: orderItems.pieces,
      tolerancePercent: orderItems.tolerancePercent,
      weighedGrams: orderItems.weighedGrams,
      markdownUseBy: orderItems.markdownUseBy,
      markdownPercent: orderItems.markdownPercent,
      regularPrice: orderItems.regularPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.productName);
}

/** Sets ready_at once, only while the order waits at the outlet; returns the row or nothing. */
export async function markReadyByIdAndOutletId(tx: Tx, orderId: string, outletId: string) {
  const [row] = await tx
    .update(orders)
    .set({ readyAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.outletId, outletId),
        inArray(orders.status, [...READY_STATUSES]),
        isNull(orders.readyAt),
        isNull(orders.pickedUpAt),
      ),
    )
    .returning();
  return row;
}
