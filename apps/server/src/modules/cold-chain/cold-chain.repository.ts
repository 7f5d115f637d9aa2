/**
 * Queries of the cold chain: open packed orders with their limit, the alert claim, the alerts still
 * worth showing, and delivered orders for the delivery performance report. An order's limit is the
 * smallest of its lines' category limits, the shop default standing in for a line without one
 * (the same rule as `orderChillLimit`, done in SQL so one query reads every open order).
 */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import type { ColdChainLevel } from '@meatshop/shared/cold-chain';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { coldChainAlerts } from '../../db/schema/cold-chain.ts';
import type { Range } from '../reports/sales.repository.ts';

const TZ = sql.raw(`'${SHOP_TIME_ZONE}'`);
type Rows<T> = { rows: T[] };

const limitOf = (defaultMinutes: number) => sql`(
  SELECT coalesce(min(coalesce(c.chill_limit_minutes, ${defaultMinutes}::int)), ${defaultMinutes}::int)
  FROM order_items i JOIN products p ON p.id = i.product_id
  LEFT JOIN product_categories c ON c.id = p.category_id
  WHERE i.order_id = o.id)`;

export interface OpenPackedOrder {
  orderId: string;
  outletId: string | null;
  packedAt: Date;
  limitMinutes: number;
}

/** Orders packed and on their way (not delivered, not cancelled), oldest first. */
export async function findOpenPackedOrders(db: Db | Tx, defaultMinutes: number): Promise<OpenPackedOrder[]> {
  const res = (await db.execute(sql`
    SELECT o.id AS order_id, o.outlet_id, o.ready_at, ${limitOf(defaultMinutes)} AS limit_minutes
    FROM orders o
    WHERE o.ready_at IS NOT NULL AND o.delivered_at IS NULL AND o.status NOT IN ('delivered', 'cancelled')
    ORDER BY o.ready_at`)) as unknown as Rows<{
    order_id: string;
    outlet_id: string | null;
    ready_at: string | Date;
    limit_minutes: number;
  }>;
  return res.rows.map((r) => ({
    orderId: r.order_id,
    outletId: r.outlet_id,
    packedAt: new Date(r.ready_at),
    limitMinutes: Number(r.limit_minutes),
  }));
}

/** Claims the alert: true for the one caller whose row went in, false if it was already raised. */
export async function claimAlert(
  tx: Tx,
  a: { orderId: string; level: ColdChainLevel; minutesOut: number; limitMinutes: number; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(coldChainAlerts)
    .values({ orderId: a.orderId, level: a.level, minutesOut: a.minutesOut, limitMinutes: a.limitMinutes, raisedAt: a.at })
    .onConflictDoNothing({ target: [coldChainAlerts.orderId, coldChainAlerts.level] })
    .returning({ id: coldChainAlerts.id });
  return rows.length === 1;
}

export interface AlertRow {
  orderId: string;
  outletId: string | null;
  outletName: string | null;
  riderName: string | null;
  status: string;
  level: ColdChainLevel;
  packedAt: Date;
  raisedAt: Date;
  limitMinutes: number;
}

/** Open orders with an alert (their highest level), for the dispatcher or one outlet (`outletId`). */
export async function findOpenAlerts(db: Db | Tx, outletId: string | null, defaultMinutes: number): Promise<AlertRow[]> {
  const res = (await db.execute(sql`
    SELECT DISTINCT ON (o.id) o.id AS order_id, o.outlet_id, ol.name AS outlet_name, r.full_name AS rider_name,
      o.status, a.level, o.ready_at, a.raised_at, ${limitOf(defaultMinutes)} AS limit_minutes
    FROM cold_chain_alerts a
    JOIN orders o ON o.id = a.order_id
    LEFT JOIN outlets ol ON ol.id = o.outlet_id
    LEFT JOIN delivery_riders r ON r.id = o.rider_id
    WHERE o.ready_at IS NOT NULL AND o.delivered_at IS NULL AND o.status NOT IN ('delivered', 'cancelled')
      ${outletId ? sql`AND o.outlet_id = ${outletId}` : sql``}
    ORDER BY o.id, (a.level = 'over') DESC`)) as unknown as Rows<{
    order_id: string;
    outlet_id: string | null;
    outlet_name: string | null;
    rider_name: string | null;
    status: string;
    level: ColdChainLevel;
    ready_at: string | Date;
    raised_at: string | Date;
    limit_minutes: number;
  }>;
  return res.rows.map((r) => ({
    orderId: r.order_id,
    outletId: r.outlet_id,
    outletName: r.outlet_name,
    riderName: r.rider_name,
    status: r.status,
    level: r.level,
    packedAt: new Date(r.ready_at),
    raisedAt: new Date(r.raised_at),
    limitMinutes: Number(r.limit_minutes),
  }));
}

export interface DeliveredRow {
  orderId: string;
  outletId: string | null;
  outletName: string | null;
  riderId: string | null;
  riderName: string | null;
  packedAt: Date;
  deliveredAt: Date;
  limitMinutes: number;
}

/** Orders delivered on the range's Kampala days that were packed first (older orders had no ready step). */
export async function findDeliveredOrders(db: Db | Tx, { from, to }: Range, defaultMinutes: number): Promise<DeliveredRow[]> {
  const res = (await db.execute(sql`
    SELECT o.id AS order_id, o.outlet_id, ol.name AS outlet_name, o.rider_id, r.full_name AS rider_name,
      o.ready_at, o.delivered_at, ${limitOf(defaultMinutes)} AS limit_minutes
    FROM orders o
    LEFT JOIN outlets ol ON ol.id = o.outlet_id
    LEFT JOIN delivery_riders r ON r.id = o.rider_id
    WHERE o.status = 'delivered' AND o.ready_at IS NOT NULL AND o.delivered_at IS NOT NULL
      AND o.delivered_at >= (${from}::date::timestamp AT TIME ZONE ${TZ})
      AND o.delivered_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${TZ})
    ORDER BY o.delivered_at`)) as unknown as Rows<{
    order_id: string;
    outlet_id: string | null;
    outlet_name: string | null;
    rider_id: string | null;
    rider_name: string | null;
    ready_at: string | Date;
    delivered_at: string | Date;
    limit_minutes: number;
  }>;
  return res.rows.map((r) => ({
    orderId: r.order_id,
    outletId: r.outlet_id,
    outletName: r.outlet_name,
    riderId: r.rider_id,
    riderName: r.rider_name,
    packedAt: new Date(r.ready_at),
    deliveredAt: new Date(r.delivered_at),
    limitMinutes: Number(r.limit_minutes),
  }));
}
