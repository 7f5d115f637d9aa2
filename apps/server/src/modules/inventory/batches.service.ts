/**
 * Batches at outlets: what each outlet holds per lot, the sell-by cut-off that takes a batch out of
 * sellable stock (listed for disposal), and the write-off that records its disposal.
 */
import { addDays, isSellable, sellByDate, shopDay } from '@meatshop/shared/batches';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../platform/errors.ts';
import { startPeriodicJob } from '../../platform/periodic-job.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import {
  batchesById,
  batchesHeldByOrder,
  batchesPastCutoff,
  type BatchRow,
  listBatches,
  lockBatch,
  markBatchRemoved,
  writeOffBatch,
} from './batches.repository.ts';
import { changeAtOutlet, insertLedgerRows, lockOutletRows } from './outlet-stock.repository.ts';
import { recordMovements, sellByDays } from './stock-ledger.service.ts';

export function batchStatusesFor(view: 'live' | 'disposal' | 'written_off'): BatchRow['status'][] {
  return view === 'live' ? ['live'] : view === 'disposal' ? ['expired', 'stopped'] : ['written_off'];
}

export async function batchList(tx: Tx, f: { outletId?: string; productId?: string; statuses: BatchRow['status'][] }) {
  const days = await sellByDays(tx);
  const rows = await listBatches(tx, f);
  return {
    sellByDays: days,
    batches: rows.map((r) => ({ ...r, sellBy: sellByDate(r.useBy, days), createdAt: r.createdAt.toISOString() })),
  };
}

/**
 * Takes a live batch out of sellable stock: its units leave the outlet's figure with one ledger row
 * naming the batch (kind `expiry` or `recall`), and the batch keeps them, waiting for disposal.
 * Locks the outlet's row first, then the batch (the lock order of every stock writer).
 */
export async function removeBatchFromSale(
  tx: Tx,
  batchId: string,
  status: 'expired' | 'stopped',
  reason: string,
  actorId: string | null,
): Promise<{ removed: number; outletId: string; productId: string } | undefined> {
  // Read first without a lock: the outlet row is taken before its batch, as every stock writer does.
  const peek = (await batchesById(tx, [batchId]))[0];
  if (!peek || peek.status !== 'live') return undefined;
  await lockOutletRows(tx, peek.outletId, [peek.productId]);
  const batch = await lockBatch(tx, batchId);
  if (!batch || batch.status !== 'live') return undefined;
  if (batch.quantity > 0) {
    const after = await changeAtOutlet(tx, batch.outletId, batch.productId, -batch.quantity);
    // The figure is the sum of the live batches, so it always covers one of them.
    if (after === undefined) throw new AppError('CONFLICT', 'The outlet figure is below its batches. Count the product first.');
    await insertLedgerRows(tx, [
      {
        outletId: batch.outletId,
        productId: batch.productId,
        delta: -batch.quantity,
        stockAfter: after,
        kind: status === 'expired' ? 'expiry' : 'recall',
        reason,
        actorId,
        batchId: batch.id,
      },
    ]);
  }
  await markBatchRemoved(tx, batch.id, status);
  return { removed: batch.quantity, outletId: batch.outletId, productId: batch.productId };
}

/**
 * The sell-by sweep: every live batch whose last selling day has passed leaves sellable stock. Each
 * batch in its own short transaction, so a sweep never holds many outlet rows at once.
 */
export async function expireBatches(db: Db, now: Date = new Date()) {
  const days = await db.transaction((tx) => sellByDays(tx));
  // Sellable while today <= use-by − days, i.e. while use-by >= today + days.
  const firstSellableUseBy = addDays(shopDay(now), days);
  let expired = 0;
  for (;;) {
    const due = await db.transaction((tx) => batchesPastCutoff(tx, firstSellableUseBy, 200));
    if (due.length === 0) break;
    for (const b of due) {
      const done = await db.transaction((tx) =>
        removeBatchFromSale(tx, b.id, 'expired', `Past its sell-by date (${days} day${days === 1 ? '' : 's'} before use-by)`, null),
      );
      if (done) expired += 1;
    }
    if (due.length < 200) break;
  }
  return expired;
}

export function startBatchExpiry(db: Db, intervalMs = 10 * 60_000) {
  return startPeriodicJob(
    async () => {
      await expireBatches(db).catch(() => undefined);
    },
    intervalMs,
    5_000,
  );
}

/** Records the disposal of a batch that has left sale: its units, the reason, who and when. */
export async function writeOff(db: Db, batchId: string, reason: string, by: AuditActor, outletId?: string) {
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch || (outletId && batch.outletId !== outletId)) throw notFound('Batch not found');
    if (batch.status === 'live')
      throw new AppError('RULE_BROKEN', 'This batch is on sale: only expired or stopped batches are written off.');
    if (batch.status === 'written_off') throw new AppError('CONFLICT', 'This batch is already written off.');
    const done = await writeOffBatch(tx, batchId, reason, by.userId);
    await recordAudit(tx, by, {
      entityType: 'stock',
      entityId: batch.outletId,
      action: 'batch_write_off',
      before: { batch: batch.lotNumber ?? 'Unknown batch', quantity: batch.quantity, status: batch.status },
      after: { batch: batch.lotNumber ?? 'Unknown batch', writtenOff: done?.writtenOff ?? 0, reason },
    });
    return { id: batchId, writtenOff: done?.writtenOff ?? 0 };
  });
}

/**
 * Staff pack an order line from another batch than first expiring first (the label is damaged, the
 * batch is at the back of the chiller): the order gives `quantity` back to the batch it held and
 * takes it from the chosen one, both as `order` rows with the reason, so the packing slip and a
 * recall follow the change. The chosen batch must be live, at the same outlet, and still sellable.
 * Locks the outlet's row first, then the batches (the lock order of every stock writer).
 */
export async function overrideOrderBatch(
  tx: Tx,
  order: { id: string; outletId: string },
  input: { productId: string; fromBatchId: string; toBatchId: string; quantity: number; reason: string },
  actorId: string | null,
) {
  const [row] = await lockOutletRows(tx, order.outletId, [input.productId]);
  if (!row) throw notFound('This product is not stocked at this outlet');
  const held = (await batchesHeldByOrder(tx, order.id, order.outletId, input.productId)).find((h) => h.batchId === input.fromBatchId);
  if (!held) throw invalid('This order holds nothing of that batch', { fromBatchId: 'This order holds nothing of that batch' });
  if (held.held < input.quantity) {
    const message = `This order holds only ${held.held} of that batch`;
    throw invalid(message, { quantity: message });
  }
  if (input.fromBatchId === input.toBatchId) throw invalid('Choose another batch', { toBatchId: 'Choose another batch' });
  const to = await lockBatch(tx, input.toBatchId);
  if (!to || to.outletId !== order.outletId || to.productId !== input.productId)
    throw invalid('That batch is not this product at this outlet', { toBatchId: 'Choose a batch of this product here' });
  const days = await sellByDays(tx);
  if (to.status !== 'live' || !isSellable(to.useBy, days, shopDay()))
    throw new AppError('CONFLICT', `Batch ${to.lotNumber ?? 'unknown'} may not be sold: it is past its sell-by date or stopped.`);
  if (to.quantity < input.quantity) throw new AppError('CONFLICT', `Batch ${to.lotNumber ?? 'unknown'} has only ${to.quantity} left.`);
  const reason = `Packed from another batch: ${input.reason}`;
  const back = await changeAtOutlet(tx, order.outletId, input.productId, input.quantity);
  await recordMovements(tx, [
    {
      outletId: order.outletId,
      productId: input.productId,
      delta: input.quantity,
      stockAfter: back!,
      kind: 'order',
      reason,
      orderId: order.id,
      actorId,
      batchId: input.fromBatchId,
    },
  ]);
  const after = await changeAtOutlet(tx, order.outletId, input.productId, -input.quantity);
  if (after === undefined) throw new AppError('CONFLICT', 'Stock changed meanwhile. Please try again.');
  await recordMovements(tx, [
    {
      outletId: order.outletId,
      productId: input.productId,
      delta: -input.quantity,
      stockAfter: after,
      kind: 'order',
      reason,
      orderId: order.id,
      actorId,
      batchId: input.toBatchId,
    },
  ]);
  return { from: held.batchId, to: to.lotNumber };
}
