/**
 * Queries on stock batches. Every caller holds the outlet's outlet_products row already (it changed
 * the figure first), so the batch rows of that outlet and product are only ever written behind that
 * lock: the fixed lock order stays outlet row, product row (by trigger), then its batches.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { products } from '../../db/schema/catalog.ts';
import { outlets } from '../../db/schema/outlets.ts';
import { stockBatches, stockMovements } from '../../db/schema/stock.ts';

export type BatchRow = typeof stockBatches.$inferSelect;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The live batches of one product at one outlet, locked (behind the outlet row already held). */
export function liveBatches(tx: Tx, outletId: string, productId: string) {
  return tx
    .select({ id: stockBatches.id, useBy: stockBatches.useBy, quantity: stockBatches.quantity, createdAt: stockBatches.createdAt })
    .from(stockBatches)
    .where(and(eq(stockBatches.outletId, outletId), eq(stockBatches.productId, productId), eq(stockBatches.status, 'live')))
    .orderBy(asc(stockBatches.id))
    .for('update');
}

/** The live batches of several products at one outlet, locked (behind the outlet rows already held). */
export function liveBatchesOf(tx: Tx, outletId: string, productIds: string[]) {
  return tx
    .select({
      id: stockBatches.id,
      productId: stockBatches.productId,
      useBy: stockBatches.useBy,
      quantity: stockBatches.quantity,
      createdAt: stockBatches.createdAt,
    })
    .from(stockBatches)
    .where(and(eq(stockBatches.outletId, outletId), inArray(stockBatches.productId, productIds), eq(stockBatches.status, 'live')))
    .orderBy(asc(stockBatches.id))
    .for('update');
}

/**
 * Takes units from live batches (each a conditional update, never below zero) and writes the ledger
 * rows in the same statement: one round trip for a whole order. Returns how many batches had the
 * units; fewer than asked means the caller must roll back (its ledger rows went in with them).
 */
export async function takeFromBatchesWithLedger(
  tx: Tx,
  takes: { batchId: string; quantity: number }[],
  rows: (typeof stockMovements.$inferInsert)[],
) {
  const t = JSON.stringify(takes.map((x) => ({ id: x.batchId, quantity: x.quantity })));
  const m = JSON.stringify(
    rows.map((x) => ({
      product_id: x.productId,
      outlet_id: x.outletId ?? null,
      delta: x.delta,
      stock_after: x.stockAfter,
      kind: x.kind,
      reason: x.reason,
      order_id: x.orderId ?? null,
      batch_id: x.batchId ?? null,
      actor_id: x.actorId ?? null,
    })),
  );
  const r = await tx.execute(sql`
    WITH take AS (SELECT * FROM jsonb_to_recordset(${t}::jsonb) AS t(id uuid, quantity integer)),
    taken AS (
      UPDATE stock_batches b SET quantity = b.quantity - t.quantity FROM take t
      WHERE b.id = t.id AND b.status = 'live' AND b.quantity >= t.quantity
      RETURNING b.id),
    ledger AS (
      INSERT INTO stock_movements (product_id, outlet_id, delta, stock_after, kind, reason, order_id, batch_id, actor_id)
      SELECT product_id, outlet_id, delta, stock_after, kind, reason, order_id, batch_id, actor_id
      FROM jsonb_to_recordset(${m}::jsonb) AS m(product_id uuid, outlet_id uuid, delta integer, stock_after integer,
        kind text, reason text, order_id uuid, batch_id uuid, actor_id text)
      RETURNING 1)
    SELECT (SELECT count(*) FROM taken)::int AS taken, (SELECT count(*) FROM ledger)::int AS written`);
  return rowsOf<{ taken: number; written: number }>(r)[0]!;
}

/** Takes units from one live batch: one conditional update, never below zero. Undefined when it has fewer. */
export async function takeFromBatch(tx: Tx, batchId: string, quantity: number) {
  const [row] = await tx
    .update(stockBatches)
    .set({ quantity: sql`${stockBatches.quantity} - ${quantity}` })
    .where(and(eq(stockBatches.id, batchId), eq(stockBatches.status, 'live'), sql`${stockBatches.quantity} >= ${quantity}`))
    .returning({ id: stockBatches.id, quantity: stockBatches.quantity });
  return row;
}

/** Adds units to a batch whatever its state; the caller takes them out of stock again when it is not live. */
export async function addToBatch(tx: Tx, batchId: string, quantity: number) {
  const [row] = await tx
    .update(stockBatches)
    .set({ quantity: sql`${stockBatches.quantity} + ${quantity}` })
    .where(eq(stockBatches.id, batchId))
    .returning({ id: stockBatches.id, status: stockBatches.status, quantity: stockBatches.quantity });
  return row;
}

/** Units into the outlet's unknown batch of a product (created when it has none live). */
export async function addToUnknownBatch(tx: Tx, outletId: string, productId: string, quantity: number) {
  const r = await tx.execute(sql`
    INSERT INTO stock_batches (outlet_id, product_id, quantity, received)
    VALUES (${outletId}::uuid, ${productId}::uuid, ${quantity}::integer, ${quantity}::integer)
    ON CONFLICT (outlet_id, product_id) WHERE lot_number IS NULL AND status = 'live'
    DO UPDATE SET quantity = stock_batches.quantity + excluded.quantity, received = stock_batches.received + excluded.received
    RETURNING id::text AS id`);
  return rowsOf<{ id: string }>(r)[0]!.id;
}

/** A live batch of this lot (same number and dates) at the outlet, or a new one; the units added. */
export async function addToLot(
  tx: Tx,
  outletId: string,
  productId: string,
  label: { lotNumber: string; productionDate: string | null; useBy: string | null; sourceBatchId?: string | null },
  quantity: number,
) {
  const [same] = await tx
    .select({ id: stockBatches.id })
    .from(stockBatches)
    .where(
      and(
        eq(stockBatches.outletId, outletId),
        eq(stockBatches.productId, productId),
        eq(stockBatches.status, 'live'),
        eq(stockBatches.lotNumber, label.lotNumber),
        label.useBy ? eq(stockBatches.useBy, label.useBy) : isNull(stockBatches.useBy),
        label.productionDate ? eq(stockBatches.productionDate, label.productionDate) : isNull(stockBatches.productionDate),
      ),
    )
    .limit(1)
    .for('update');
  if (same) {
    await tx
      .update(stockBatches)
      .set({ quantity: sql`${stockBatches.quantity} + ${quantity}`, received: sql`${stockBatches.received} + ${quantity}` })
      .where(eq(stockBatches.id, same.id));
    return same.id;
  }
  const [row] = await tx
    .insert(stockBatches)
    .values({
      outletId,
      productId,
      lotNumber: label.lotNumber,
      productionDate: label.productionDate,
      useBy: label.useBy,
      quantity,
      received: quantity,
      sourceBatchId: label.sourceBatchId ?? null,
    })
    .returning({ id: stockBatches.id });
  return row!.id;
}

export async function batchesById(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx.select().from(stockBatches).where(inArray(stockBatches.id, ids));
}

/**
 * What an order holds of each batch of one product at one outlet: the units its rows took, less what
 * they gave back (edits, weighing, a cancel). Giving units back goes to these batches.
 */
export async function batchesHeldByOrder(tx: Tx, orderId: string, outletId: string, productId: string) {
  return tx
    .select({
      batchId: sql<string>`${stockMovements.batchId}::text`,
      held: sql<number>`(-sum(${stockMovements.delta}))::integer`,
      useBy: sql<string | null>`max(${stockBatches.useBy})`,
    })
    .from(stockMovements)
    .innerJoin(stockBatches, eq(stockBatches.id, stockMovements.batchId))
    .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.outletId, outletId), eq(stockMovements.productId, productId)))
    .groupBy(stockMovements.batchId)
    .having(sql`sum(${stockMovements.delta}) < 0`);
}

export async function markBatchRemoved(tx: Tx, batchId: string, status: 'expired' | 'stopped') {
  await tx.update(stockBatches).set({ status, removedAt: new Date() }).where(eq(stockBatches.id, batchId));
}

/** Live batches at or past their cut-off: a use-by before `firstUnsellableUseBy` is no longer sold. */
export function batchesPastCutoff(tx: Tx, firstSellableUseBy: string, limit: number) {
  return tx
    .select({ id: stockBatches.id, outletId: stockBatches.outletId, productId: stockBatches.productId })
    .from(stockBatches)
    .where(and(eq(stockBatches.status, 'live'), lt(stockBatches.useBy, firstSellableUseBy)))
    .orderBy(asc(stockBatches.outletId), asc(stockBatches.productId))
    .limit(limit);
}

export async function lockBatch(tx: Tx, batchId: string) {
  const [row] = await tx.select().from(stockBatches).where(eq(stockBatches.id, batchId)).for('update');
  return row;
}

export async function writeOffBatch(tx: Tx, batchId: string, reason: string, by: string | null) {
  const [row] = await tx
    .update(stockBatches)
    .set({
      status: 'written_off',
      writtenOff: sql`${stockBatches.quantity}`,
      quantity: 0,
      writeOffReason: reason,
      writtenOffAt: new Date(),
      writtenOffBy: by,
    })
    .where(and(eq(stockBatches.id, batchId), inArray(stockBatches.status, ['expired', 'stopped'])))
    .returning({ id: stockBatches.id, writtenOff: stockBatches.writtenOff });
  return row;
}

/** Batches for the Stock screen and the disposal list, the earliest use-by first. */
export function listBatches(tx: Tx, f: { outletId?: string; productId?: string; statuses: BatchRow['status'][] }) {
  const where = [inArray(stockBatches.status, f.statuses)];
  // A batch sold out is no longer on the shelf: nothing to sell or to dispose of.
  if (!f.statuses.includes('written_off')) where.push(sql`${stockBatches.quantity} > 0`);
  if (f.outletId) where.push(eq(stockBatches.outletId, f.outletId));
  if (f.productId) where.push(eq(stockBatches.productId, f.productId));
  return (
    tx
      .select({
        id: stockBatches.id,
        outletId: stockBatches.outletId,
        outletName: outlets.name,
        productId: stockBatches.productId,
        productName: products.name,
        grams: sql<boolean>`${products.weighing} IS NOT NULL`,
        lotNumber: stockBatches.lotNumber,
        productionDate: stockBatches.productionDate,
        useBy: stockBatches.useBy,
        quantity: stockBatches.quantity,
        received: stockBatches.received,
        status: stockBatches.status,
        writtenOff: stockBatches.writtenOff,
        writeOffReason: stockBatches.writeOffReason,
        createdAt: stockBatches.createdAt,
      })
      .from(stockBatches)
      .innerJoin(outlets, eq(outlets.id, stockBatches.outletId))
      .innerJoin(products, eq(products.id, stockBatches.productId))
      .where(and(...where))
      // The next to reach its cut-off first; batches without a use-by (the unknown batch) last.
      .orderBy(sql`${stockBatches.useBy} asc nulls last`, asc(products.name), asc(stockBatches.createdAt))
      .limit(1000)
  );
}

/** Per batch: its quantity and the sum of its ledger rows (equal for a live batch; zero once removed). */
export async function batchLedgerBalance(tx: Tx) {
  const r = await tx.execute(sql`
    SELECT b.id::text AS "batchId", b.outlet_id::text AS "outletId", b.product_id::text AS "productId", b.status, b.quantity,
           coalesce((SELECT sum(m.delta) FROM stock_movements m WHERE m.batch_id = b.id), 0)::integer AS ledger
    FROM stock_batches b`);
  return rowsOf<{ batchId: string; outletId: string; productId: string; status: string; quantity: number; ledger: number }>(r);
}

export async function productName(tx: Tx, productId: string) {
  const [row] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return row?.name ?? 'This product';
}

/**
 * Stock written straight into outlet_products (seed and bench data) gets its unknown batch, and
 * its ledger rows name it, as the migration did for stock from before batches.
 */
export async function adoptUnbatchedStock(tx: Pick<Tx, 'execute'>) {
  await tx.execute(sql`
    INSERT INTO stock_batches (outlet_id, product_id, quantity, received)
    SELECT op.outlet_id, op.product_id, op.stock, op.stock FROM outlet_products op
    WHERE op.stock > 0 AND NOT EXISTS (SELECT 1 FROM stock_batches b WHERE b.outlet_id = op.outlet_id AND b.product_id = op.product_id)`);
  await tx.execute(sql`
    UPDATE stock_movements m SET batch_id = b.id FROM stock_batches b
    WHERE m.batch_id IS NULL AND m.outlet_id = b.outlet_id AND m.product_id = b.product_id
      AND b.lot_number IS NULL AND b.status = 'live'`);
}

/** What an order holds of each batch, per product, first expiring first: the packing slip's batches. */
export async function orderBatchHoldings(tx: Tx, orderId: string) {
  return tx
    .select({
      productId: stockMovements.productId,
      batchId: sql<string>`${stockMovements.batchId}::text`,
      lotNumber: stockBatches.lotNumber,
      useBy: stockBatches.useBy,
      held: sql<number>`(-sum(${stockMovements.delta}))::integer`,
    })
    .from(stockMovements)
    .innerJoin(stockBatches, eq(stockBatches.id, stockMovements.batchId))
    .where(and(eq(stockMovements.orderId, orderId), inArray(stockMovements.kind, ['order', 'cancel', 'return'])))
    .groupBy(stockMovements.productId, stockMovements.batchId, stockBatches.lotNumber, stockBatches.useBy)
    .having(sql`sum(${stockMovements.delta}) < 0`)
    .orderBy(sql`${stockBatches.useBy} asc nulls first`, asc(stockMovements.batchId));
}
