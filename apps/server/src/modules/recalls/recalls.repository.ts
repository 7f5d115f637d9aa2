/**
 * The queries of a recall: the batches of a product's lot (or of the lots produced in a date range)
 * at every outlet, the orders that received them (from the ledger rows that name the batch: what an
 * order took, less what a cancel or return gave back), and the recall's messages in the outbox.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { products } from '../../db/schema/catalog.ts';
import { recalls } from '../../db/schema/stock.ts';

export interface Target {
  productId: string;
  lotNumber?: string | null;
  producedFrom?: string | null;
  producedTo?: string | null;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The batches a recall covers, as a SQL condition on stock_batches `b`. */
function batchesOf(t: Target) {
  return sql`b.product_id = ${t.productId}::uuid
    ${t.lotNumber ? sql`AND b.lot_number = ${t.lotNumber}` : sql``}
    ${t.producedFrom ? sql`AND b.production_date >= ${t.producedFrom}::date` : sql``}
    ${t.producedTo ? sql`AND b.production_date <= ${t.producedTo}::date` : sql``}`;
}

export async function recallBatches(tx: Tx, t: Target) {
  const r = await tx.execute(sql`
    SELECT b.id::text AS id, o.name AS "outletName", b.lot_number AS "lotNumber", b.production_date::text AS "productionDate",
           b.use_by::text AS "useBy", b.status, b.quantity, b.received
    FROM stock_batches b JOIN outlets o ON o.id = b.outlet_id
    WHERE ${batchesOf(t)}
    ORDER BY o.name, b.use_by NULLS FIRST, b.created_at`);
  return rowsOf<{
    id: string;
    outletName: string;
    lotNumber: string | null;
    productionDate: string | null;
    useBy: string | null;
    status: 'live' | 'expired' | 'stopped' | 'written_off';
    quantity: number;
    received: number;
  }>(r);
}

/**
 * Every order that received units of the recalled batches, with the customer and the outlet that
 * packed it; with a recall id, the status of its messages to each. One pass over the ledger rows of
 * those batches (indexed by batch), so it stays quick however many orders the shop has.
 *
 * A busy lot reaches thousands of orders, and each order row is a random read: they are joined
 * once, for what the totals and the order of the list need (customer, placed at), and the wide
 * columns (address, status, lots) are read only for the orders shown.
 */
export async function recallOrders(tx: Tx, t: Target, recallId: string | null, limit: number | null = null) {
  const r = await tx.execute(sql`
    WITH recalled AS (
      SELECT b.id FROM stock_batches b WHERE ${batchesOf(t)}
    ),
    held AS MATERIALIZED (
      SELECT h.order_id, h.quantity, o.user_id, o.created_at
      FROM (
        SELECT m.order_id, (-sum(m.delta))::integer AS quantity
        FROM stock_movements m
        WHERE m.batch_id IN (SELECT id FROM recalled) AND m.order_id IS NOT NULL AND m.kind IN ('order', 'cancel', 'return')
        GROUP BY m.order_id
        HAVING sum(m.delta) < 0
      ) h JOIN orders o ON o.id = h.order_id
    ),
    tot AS (
      SELECT count(*)::int AS "orderCount", coalesce(sum(quantity), 0)::int AS units, count(DISTINCT user_id)::int AS customers
      FROM held
    ),
    listed AS (
      SELECT * FROM held ORDER BY created_at DESC, order_id
      ${limit === null ? sql`` : sql`LIMIT ${limit}`}
    )
    SELECT tot.*, l.order_id::text AS "orderId", o.status, l.created_at AS "createdAt", o.delivered_at AS "deliveredAt",
           ol.name AS "outletName",
           coalesce(nullif(o.shipping_address->>'full_name', ''), u.full_name) AS "customerName",
           coalesce(nullif(o.shipping_address->>'phone', ''), u.phone) AS phone,
           coalesce(nullif(o.shipping_address->>'email', ''), u.email) AS email,
           l.quantity,
           (SELECT array_agg(DISTINCT coalesce(b.lot_number, 'Unknown batch'))
              FROM stock_movements m JOIN stock_batches b ON b.id = m.batch_id
              WHERE m.order_id = l.order_id AND m.batch_id IN (SELECT id FROM recalled)) AS lots,
           ${
             recallId
               ? sql`coalesce((SELECT json_agg(json_build_object('channel', cm.channel, 'status', cm.status) ORDER BY cm.channel)
                   FROM customer_messages cm WHERE cm.order_id = l.order_id AND cm.event = ${`recall:${recallId}`}), '[]'::json)`
               : sql`'[]'::json`
} AS reached
    FROM tot LEFT JOIN listed l ON true
    LEFT JOIN orders o ON o.id = l.order_id
    LEFT JOIN users u ON u.id = l.user_id
    LEFT JOIN outlets ol ON ol.id = o.outlet_id
    ORDER BY l.created_at DESC, l.order_id`);
  const rows = rowsOf<{
    orderCount: number;
    units: number;
    customers: number;
    orderId: string | null;
    status: string;
    createdAt: Date | string;
    deliveredAt: Date | string | null;
    outletName: string | null;
    customerName: string;
    phone: string | null;
    email: string | null;
    quantity: number;
    lots: string[] | string;
    reached: { channel: 'sms' | 'email'; status: string }[] | string;
  }>(r);
  const totals = { orders: rows[0]?.orderCount ?? 0, units: rows[0]?.units ?? 0, customers: rows[0]?.customers ?? 0 };
  return { totals, orders: rows.filter((o): o is typeof o & { orderId: string } => o.orderId !== null) };
}

export async function productOf(tx: Tx, productId: string) {
  const [row] = await tx
    .select({ name: products.name, grams: sql<boolean>`${products.weighing} IS NOT NULL` })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

/** The live batches a recall covers, outlet by outlet (the order stock writers lock outlet rows in). */
export async function liveRecallBatchIds(tx: Tx, t: Target) {
  const r = await tx.execute(sql`
    SELECT b.id::text AS id FROM stock_batches b WHERE ${batchesOf(t)} AND b.status = 'live' ORDER BY b.outlet_id, b.id`);
  return rowsOf<{ id: string }>(r).map((x) => x.id);
}

export type RecallRow = typeof recalls.$inferSelect;

export async function insertRecall(tx: Tx, v: typeof recalls.$inferInsert) {
  const [row] = await tx.insert(recalls).values(v).returning();
  return row!;
}

export async function updateRecall(tx: Tx, id: string, v: Partial<typeof recalls.$inferInsert>) {
  await tx.update(recalls).set(v).where(eq(recalls.id, id));
}

export async function findRecall(tx: Tx, id: string) {
  const [row] = await tx
    .select({ recall: recalls, productName: products.name, openedBy: users.fullName })
    .from(recalls)
    .innerJoin(products, eq(products.id, recalls.productId))
    .leftJoin(users, eq(users.id, recalls.createdBy))
    .where(eq(recalls.id, id));
  return row;
}

export function listRecalls(tx: Tx) {
  return tx
    .select({ recall: recalls, productName: products.name, openedBy: users.fullName })
    .from(recalls)
    .innerJoin(products, eq(products.id, recalls.productId))
    .leftJoin(users, eq(users.id, recalls.createdBy))
    .orderBy(desc(recalls.createdAt))
    .limit(200);
}

/** The products that have batches at any outlet: what a recall can be about. */
export async function productsWithBatches(tx: Tx) {
  const r = await tx.execute(sql`
    SELECT p.id::text AS id, p.name FROM products p
    WHERE EXISTS (SELECT 1 FROM stock_batches b WHERE b.product_id = p.id)
    ORDER BY p.name`);
  return rowsOf<{ id: string; name: string }>(r);
}

/** A recall covering this lot (by its number, or its production date in a recalled range), if any. */
export async function recallOfLot(tx: Tx, productId: string, lotNumber: string, productionDate: string | null) {
  const r = await tx.execute(sql`
    SELECT r.reason FROM recalls r
    WHERE r.product_id = ${productId}::uuid
      AND (r.lot_number IS NULL OR r.lot_number = ${lotNumber})
      AND (r.produced_from IS NULL OR (${productionDate}::date IS NOT NULL AND ${productionDate}::date >= r.produced_from))
      AND (r.produced_to IS NULL OR (${productionDate}::date IS NOT NULL AND ${productionDate}::date <= r.produced_to))
    LIMIT 1`);
  return rowsOf<{ reason: string }>(r)[0];
}
