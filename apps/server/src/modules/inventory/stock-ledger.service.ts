/**
 * Writes the stock ledger, batch by batch. A caller changes the outlet's figure first (its one
 * conditional update, in the lock order of 205) and then hands its movements here; each movement is
 * applied to the outlet's batches and written as one ledger row per batch it touched, so every row
 * names its batch and each live batch's quantity is the sum of its rows.
 *
 * - Units out: from the batch named, else first expiring first out; an order takes only batches that
 *   may still be sold (before the sell-by cut-off).
 * - Units in: to the batch named, else a new lot (a delivery with its label), else back to the batches
 *   the order holds (a cancel, a return, a lighter weighing), else the outlet's unknown batch.
 * - Units given back to a batch that has left sale (expired or stopped) stay with it for disposal:
 *   they are taken out of the outlet's figure again by a row of the batch's own kind.
 */
import { planFefo, shopDay } from '@meatshop/shared/batches';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import {
  addToBatch,
  addToLot,
  addToUnknownBatch,
  batchesById,
  batchesHeldByOrder,
  liveBatches,
  productName,
  takeFromBatch,
} from './batches.repository.ts';
import { changeAtOutlet, insertLedgerRows, type MovementRow } from './outlet-stock.repository.ts';

export interface LotLabel {
  lotNumber: string;
  productionDate: string | null;
  useBy: string | null;
  sourceBatchId?: string | null;
}

export type LedgerEntry = MovementRow & {
  /** A new lot received (a delivery, a transfer's batch arriving). */
  label?: LotLabel;
  /** Staff chose the batch (a packing override): no first-expiring choice. */
  batchId?: string | null;
};

/** One batch an entry moved, with its label (a transfer hands these to the receiving outlet). */
export interface BatchPart {
  batchId: string;
  quantity: number;
  lotNumber: string | null;
  productionDate: string | null;
  useBy: string | null;
}

export async function sellByDays(tx: Tx) {
  return (await getShopSettings(tx)).sellByDaysBeforeUseBy;
}

/** Applies each entry to its batches, in the order given (the callers' lock order), and writes the rows. */
export async function recordMovements(tx: Tx, entries: LedgerEntry[]): Promise<BatchPart[][]> {
  const rows: MovementRow[] = [];
  const parts: BatchPart[][] = [];
  let days: number | undefined;
  for (const e of entries) {
    const { label, batchId, ...row } = e;
    if (!row.outletId || row.delta === 0) {
      rows.push(row);
      parts.push([]);
      continue;
    }
    if (row.delta < 0) {
      const take = -row.delta;
      let plan: { batchId: string; quantity: number }[] | undefined;
      if (batchId) plan = [{ batchId, quantity: take }];
      else {
        days ??= await sellByDays(tx);
        const shelf = (await liveBatches(tx, row.outletId, row.productId)).map((b) => ({
          id: b.id,
          useBy: b.useBy,
          quantity: b.quantity,
          receivedAt: b.createdAt.getTime(),
        }));
        plan = planFefo(shelf, take, { sellableOnly: row.kind === 'order', sellByDays: days, today: shopDay() });
      }
      if (!plan) throw await shortOfSellable(tx, row.productId);
      // Rows in taking order; the figure after each is the entry's final figure plus what later rows take.
      let later = take;
      for (const p of plan) {
        const done = await takeFromBatch(tx, p.batchId, p.quantity);
        if (!done) throw await shortOfSellable(tx, row.productId);
        later -= p.quantity;
        rows.push({ ...row, delta: -p.quantity, stockAfter: row.stockAfter + later, batchId: p.batchId });
      }
      parts.push(await describe(tx, plan));
      continue;
    }
    // Units in.
    let plan: { batchId: string; quantity: number }[];
    if (batchId) plan = [{ batchId, quantity: row.delta }];
    else if (label) plan = [{ batchId: await addToLot(tx, row.outletId, row.productId, label, row.delta), quantity: row.delta }];
    else if (row.orderId) plan = await backToOrderBatches(tx, row.orderId, row.outletId, row.productId, row.delta);
    else plan = [{ batchId: await addToUnknownBatch(tx, row.outletId, row.productId, row.delta), quantity: row.delta }];
    let before = row.stockAfter - row.delta;
    for (const p of plan) {
      // addToLot and addToUnknownBatch added their units already.
      const added = batchId || row.orderId ? await addToBatch(tx, p.batchId, p.quantity) : { status: 'live' as const };
      before += p.quantity;
      rows.push({ ...row, delta: p.quantity, stockAfter: before, batchId: p.batchId });
      if (added && added.status !== 'live') {
        // Back on a batch that has left sale: held for disposal, not sellable.
        const after = await changeAtOutlet(tx, row.outletId, row.productId, -p.quantity);
        if (after === undefined) throw new AppError('CONFLICT', 'Stock changed meanwhile. Please try again.');
        rows.push({
          outletId: row.outletId,
          productId: row.productId,
          delta: -p.quantity,
          stockAfter: after,
          kind: added.status === 'stopped' ? 'recall' : 'expiry',
          reason: 'Returned to a batch that is no longer sold: held for disposal',
          actorId: row.actorId ?? null,
          batchId: p.batchId,
        });
      }
    }
    parts.push(await describe(tx, plan));
  }
  await insertLedgerRows(tx, rows);
  return parts;
}

/** Units given back to an order's batches, the last expiring first (the reverse of taking). */
async function backToOrderBatches(tx: Tx, orderId: string, outletId: string, productId: string, quantity: number) {
  const held = (await batchesHeldByOrder(tx, orderId, outletId, productId)).sort(
    (a, b) => (b.useBy ?? '').localeCompare(a.useBy ?? '') || b.batchId.localeCompare(a.batchId),
  );
  const plan: { batchId: string; quantity: number }[] = [];
  let left = quantity;
  for (const h of held) {
    if (left <= 0) break;
    const n = Math.min(left, h.held);
    plan.push({ batchId: h.batchId, quantity: n });
    left -= n;
  }
  // More than the order's rows name (an order from before batches): the unknown batch.
  if (left > 0) {
    const id = await addToUnknownBatch(tx, outletId, productId, 0);
    plan.push({ batchId: id, quantity: left });
  }
  return plan;
}

async function describe(tx: Tx, plan: { batchId: string; quantity: number }[]): Promise<BatchPart[]> {
  const byId = new Map(
    (
      await batchesById(
        tx,
        plan.map((p) => p.batchId),
      )
    ).map((b) => [b.id, b]),
  );
  return plan.map((p) => {
    const b = byId.get(p.batchId)!;
    return { batchId: p.batchId, quantity: p.quantity, lotNumber: b.lotNumber, productionDate: b.productionDate, useBy: b.useBy };
  });
}

async function shortOfSellable(tx: Tx, productId: string) {
  const name = await productName(tx, productId);
  return new AppError('OUT_OF_STOCK', `${name} is out of stock: what is left is past its sell-by date. Please remove it from your cart.`);
}
