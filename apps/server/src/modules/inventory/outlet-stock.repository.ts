/**
 * Queries on the one stock truth: outlet_products.stock, and the stock_movements ledger that every
 * change of it writes in the same transaction. products.stock is derived from these rows by a
 * database trigger (migration 0014) and is never written here.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pgError } from '../../platform/errors.ts';
import { products } from '../../db/schema/catalog.ts';
import { outletProducts, outlets } from '../../db/schema/outlets.ts';
import { stockMovements } from '../../db/schema/stock.ts';

export type MovementRow = typeof stockMovements.$inferInsert;

/** What each active outlet holds of these products, where it offers them. */
export function activeOutletStock(tx: Tx, productIds: string[]) {
  return tx
    .select({
      outletId: outlets.id,
      outletName: outlets.name,
      outletAddress: outlets.address,
      outletPhone: outlets.phone,
      lat: outlets.latitude,
      lng: outlets.longitude,
      productId: outletProducts.productId,
      stock: outletProducts.stock,
    })
    .from(outletProducts)
    .innerJoin(outlets, eq(outlets.id, outletProducts.outletId))
    .where(and(inArray(outletProducts.productId, productIds), eq(outlets.isActive, true), eq(outletProducts.isAvailable, true)));
}

/** Active outlets, for choosing one when no line narrows the choice. */
export function activeOutlets(tx: Tx) {
  return tx
    .select({
      id: outlets.id,
      name: outlets.name,
      address: outlets.address,
      phone: outlets.phone,
      lat: outlets.latitude,
      lng: outlets.longitude,
    })
    .from(outlets)
    .where(eq(outlets.isActive, true));
}

/**
 * Takes `quantity` units at one outlet: one conditional UPDATE, so the figure never goes below zero and
 * two orders can never both get the last unit (on a PostgreSQL server the second waits for the row
 * lock and re-checks). Returns the outlet's figure after and the product's storefront figure before
 * (read in the same statement, before the trigger applies this change; for low-stock alerts only),
 * or undefined when there is not enough.
 */
export async function takeAtOutlet(tx: Tx, outletId: string, productId: string, quantity: number) {
  const [row] = await tx
    .update(outletProducts)
    .set({ stock: sql`${outletProducts.stock} - ${quantity}` })
    .where(
      sql`${outletProducts.outletId} = ${outletId} AND ${outletProducts.productId} = ${productId} AND ${outletProducts.stock} >= ${quantity} AND ${outletProducts.isAvailable}`,
    )
    .returning({
      stock: outletProducts.stock,
      totalBefore: sql<number>`(SELECT ${products.stock} FROM ${products} WHERE ${products.id} = ${outletProducts.productId})`,
    });
  return row;
}

/**
 * An order's stock at one outlet in one call of the database's take_order_stock (its migrations,
 * take_order_stock.sql and order_tail_in_one_message.sql): each line's conditional update in product
 * id order, then its sellable batches first expiring first out and their ledger rows, all inside the
 * database. A line the outlet cannot fill raises (see `orderStockRefusal`), so the statement can be
 * sent with the COMMIT behind it (db/commit-with.ts). Lines of plain stock only (no near-date offer).
 */
export function orderStockStatement(
  outletId: string,
  lines: { productId: string; quantity: number }[],
  orderId: string,
  actorId: string | null,
  firstSellableUseBy: string,
) {
  const want = JSON.stringify(lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })));
  return sql`SELECT take_order_stock(${outletId}::uuid, ${want}::jsonb, ${orderId}::uuid, ${actorId}::text, ${firstSellableUseBy}::date) AS r`;
}

/** What take_order_stock took, per line: the outlet's figure after and the storefront figure before. */
export function orderStockTaken(rows: Record<string, unknown>[]) {
  const value = rows[0]!.r as { taken: { productId: string; stock: number; totalBefore: number }[] } | string;
  return (typeof value === 'string' ? JSON.parse(value) : value) as { taken: { productId: string; stock: number; totalBefore: number }[] };
}

/** take_order_stock's refusal, from the error it raised: the line the outlet is short of, and what it has left. */
export function orderStockRefusal(err: unknown): { short: string; left: number } | { unsellable: string } | undefined {
  const e = pgError(err);
  if ((e?.code !== 'MS001' && e?.code !== 'MS002') || !e.detail) return undefined;
  const detail = JSON.parse(e.detail) as { productId: string; left?: number };
  return e.code === 'MS001' ? { short: detail.productId, left: detail.left ?? 0 } : { unsellable: detail.productId };
}

/**
 * Takes every line of an order at one outlet in one statement: the rows are locked in product id
 * order (the lock order of every stock writer) and each is the same conditional update as
 * `takeAtOutlet`, re-checked on the row's latest version once its lock is had. One round trip while
 * the first contended row is held, whatever the number of lines. Returns the rows taken: a line
 * missing from them had too little, and its caller rolls the whole order back.
 */
export async function takeLinesAtOutlet(tx: Tx, outletId: string, lines: { productId: string; quantity: number }[]) {
  const want = JSON.stringify(lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })));
  const r = await tx.execute(sql`
    WITH want AS (SELECT * FROM jsonb_to_recordset(${want}::jsonb) AS w(product_id uuid, quantity integer)),
    locked AS (
      SELECT op.product_id, w.quantity FROM outlet_products op JOIN want w ON w.product_id = op.product_id
      WHERE op.outlet_id = ${outletId}::uuid ORDER BY op.product_id FOR UPDATE OF op)
    UPDATE outlet_products op SET stock = op.stock - l.quantity, updated_at = now()
    FROM locked l
    WHERE op.outlet_id = ${outletId}::uuid AND op.product_id = l.product_id AND op.stock >= l.quantity AND op.is_available
    RETURNING op.product_id::text AS "productId", op.stock AS stock,
      (SELECT p.stock FROM products p WHERE p.id = op.product_id) AS "totalBefore"`);
  return (r as unknown as { rows: { productId: string; stock: number; totalBefore: number }[] }).rows;
}

/**
 * Adds (or with a negative delta removes, never below zero) units at an outlet, creating the outlet's
 * row at the product's price when it has none yet. Returns the figure after, or undefined when a
 * removal would go below zero.
 */
export async function changeAtOutlet(tx: Tx, outletId: string, productId: string, delta: number) {
  if (delta < 0) {
    const taken = await takeAtOutlet(tx, outletId, productId, -delta);
    if (taken) return taken.stock;
    // Not offered there right now: removals still count the units that are on the shelf.
    const [row] = await tx
      .update(outletProducts)
      .set({ stock: sql`${outletProducts.stock} + ${delta}` })
      .where(
        sql`${outletProducts.outletId} = ${outletId} AND ${outletProducts.productId} = ${productId} AND ${outletProducts.stock} >= ${-delta}`,
      )
      .returning({ stock: outletProducts.stock });
    return row?.stock;
  }
  const r = await tx.execute(sql`
    INSERT INTO outlet_products (outlet_id, product_id, outlet_price, stock)
    SELECT ${outletId}::uuid, p.id, p.price, ${delta}::integer FROM products p WHERE p.id = ${productId}
    ON CONFLICT (outlet_id, product_id) DO UPDATE SET stock = outlet_products.stock + excluded.stock
    RETURNING stock`);
  return (r as unknown as { rows: { stock: number }[] }).rows[0]?.stock;
}

/** Locks an outlet's rows of these products, in product id order (the lock order of every stock writer). */
export function lockOutletRows(tx: Tx, outletId: string, productIds: string[]) {
  return tx
    .select({ id: outletProducts.id, productId: outletProducts.productId, name: products.name, stock: outletProducts.stock })
    .from(outletProducts)
    .innerJoin(products, eq(products.id, outletProducts.productId))
    .where(and(eq(outletProducts.outletId, outletId), inArray(outletProducts.productId, productIds)))
    .orderBy(asc(outletProducts.productId))
    .for('update', { of: outletProducts });
}

/** Raw ledger rows; writers go through stock-ledger.service.ts, which names each row's batch. */
export const insertLedgerRows = (tx: Tx, rows: MovementRow[]) => (rows.length ? tx.insert(stockMovements).values(rows) : Promise.resolve());

/** The units an order took, per outlet and product: cancelling gives back exactly these. */
export function unitsTakenByOrder(tx: Tx, orderId: string) {
  return tx
    .select({
      outletId: stockMovements.outletId,
      productId: stockMovements.productId,
      quantity: sql<number>`(-sum(${stockMovements.delta}))::integer`,
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'order')))
    .groupBy(stockMovements.outletId, stockMovements.productId)
    .orderBy(asc(stockMovements.productId));
}

/**
 * The main outlet when the admin has chosen none in Settings: the first active outlet by creation (the
 * stock migration's choice). Callers go through main-outlet.ts, which reads the setting first.
 */
export async function mainOutlet(tx: Tx) {
  const [row] = await tx
    .select({ id: outlets.id, name: outlets.name })
    .from(outlets)
    .orderBy(sql`${outlets.isActive} desc`, asc(outlets.createdAt), asc(outlets.id))
    .limit(1);
  return row;
}

/** Per outlet and product: the current figure and the sum of its ledger (equal, unless a writer skipped the ledger). */
export async function ledgerBalance(tx: Tx) {
  const r = await tx.execute(sql`
    SELECT op.outlet_id::text AS "outletId", op.product_id::text AS "productId", op.stock,
           coalesce((SELECT sum(m.delta) FROM stock_movements m WHERE m.outlet_id = op.outlet_id AND m.product_id = op.product_id), 0)::integer AS ledger
    FROM outlet_products op`);
  return (r as unknown as { rows: { outletId: string; productId: string; stock: number; ledger: number }[] }).rows;
}
