/**
 * Stock across products and outlets: levels, filters, bulk adjustments, counts, deliveries and
 * transfers, each in one transaction, never below zero, each change a row of the stock ledger.
 */
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { LOW_STOCK_THRESHOLD } from '@meatshop/shared/constants';
import {
  CATALOG_FULL_STOCK,
  type OutletCountInput,
  type OutletDeliveryInput,
  type StockAdjustInput,
  type StockLevel,
  type StockMovementKind,
  type StockTransferInput,
} from '@meatshop/shared/inventory';
import { outletStockLevel } from '@meatshop/shared/status';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../platform/errors.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { findOutlet, listMovements, listOutletStock, listProductStock, productNames, productTotals } from './inventory.repository.ts';
import { mainOutlet } from './main-outlet.ts';
import { activeOutlets, changeAtOutlet, lockOutletRows } from './outlet-stock.repository.ts';
import { type LedgerEntry, type LotLabel, recordMovements, sellByDays } from './stock-ledger.service.ts';
import { isSellable, shopDay } from '@meatshop/shared/batches';
import { recallOfLot } from '../recalls/recalls.repository.ts';

export function catalogStockLevel(stock: number): StockLevel {
  if (stock <= LOW_STOCK_THRESHOLD) return 'low';
  if (stock >= CATALOG_FULL_STOCK) return 'full';
  return 'between';
}

export async function productInventory(tx: Tx, f: { q?: string; categoryId?: string; level?: StockLevel }) {
  const rows = await listProductStock(tx, f);
  return rows
    .map((r) => ({ ...r, category: r.category ?? 'Uncategorised', level: catalogStockLevel(r.stock) }))
    .filter((r) => !f.level || r.level === f.level);
}

export async function outletInventory(tx: Tx, f: { q?: string; categoryId?: string; outletId?: string; level?: StockLevel }) {
  const rows = await listOutletStock(tx, f);
  return rows
    .map((r) => ({ ...r, category: r.category ?? 'Uncategorised', level: outletStockLevel(r.stock, r.minStock, r.maxStock) as StockLevel }))
    .filter((r) => !f.level || r.level === f.level);
}

export async function stockMovementsList(tx: Tx, f: { productId?: string; outletId?: string; limit: number }) {
  const rows = await listMovements(tx, f);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

const kindOf = (input: StockAdjustInput): StockMovementKind => (input.mode === 'set' ? 'count' : (input.kind ?? 'adjustment'));

/**
 * Applies one change to every selected product at one outlet (the main outlet when none is named);
 * all or nothing. `set` records a stock count, `delta` a delivery from the factory or an adjustment
 * with its reason; each is a ledger row.
 */
export async function adjustStock(db: Db, input: StockAdjustInput, by: AuditActor) {
  const actorId = by.userId;
  const ids = [...new Set(input.productIds)].sort();
  return db.transaction(async (tx) => {
    const outlet = input.outletId ? await findOutlet(tx, input.outletId) : await mainOutlet(tx);
    if (!outlet)
      throw input.outletId ? notFound('Outlet not found') : new AppError('RULE_BROKEN', 'Add an outlet first: stock is kept at outlets.');
    const rows = new Map((await lockOutletRows(tx, outlet.id, ids)).map((r) => [r.productId, r]));
    const names = new Map((await productNames(tx, ids)).map((p) => [p.id, p.name]));
    if (names.size !== ids.length) throw notFound('Some selected products no longer exist. Please reload and try again.');
    if (input.outletId && rows.size !== ids.length)
      throw new AppError('RULE_BROKEN', `Some selected products are not stocked at ${outlet.name}. Add them to the outlet first.`);
    const before = await productTotals(tx, ids);
    // Without an outlet the change is to the storefront total (the products view shows totals),
    // received at or taken from the main outlet.
    const plan = ids.map((productId) => {
      const stock = input.outletId ? rows.get(productId)!.stock : (before.get(productId) ?? 0);
      const after = input.mode === 'set' ? input.amount : stock + input.amount;
      const there = rows.get(productId)?.stock ?? 0;
      return { productId, name: names.get(productId)!, stock, after, there };
    });
    const short = plan.filter((p) => p.after < 0 || p.there + p.after - p.stock < 0);
    if (short.length) {
      const first = short[0]!;
      const more = short.length > 1 ? ` (and ${short.length - 1} more product${short.length > 2 ? 's' : ''})` : '';
      throw new AppError(
        'CONFLICT',
        first.after < 0
          ? `Stock cannot go below zero: ${first.name} has ${first.stock} in stock${input.outletId ? ` at ${outlet.name}` : ''}${more}.`
          : `Only ${first.there} of ${first.name} are at ${outlet.name}, the main outlet: lower the other outlets' stock in Outlet stock${more}.`,
      );
    }
    const changed = plan.filter((p) => p.after !== p.stock);
    const kind = input.outletId ? kindOf(input) : input.mode === 'set' ? 'adjustment' : kindOf(input);
    const ledger: LedgerEntry[] = [];
    for (const p of changed) {
      const after = await changeAtOutlet(tx, outlet.id, p.productId, p.after - p.stock);
      ledger.push({
        productId: p.productId,
        outletId: outlet.id,
        delta: p.after - p.stock,
        stockAfter: after!,
        kind,
        reason: input.reason,
        actorId,
      });
    }
    await recordMovements(tx, ledger);
    await warnOfLowStock(tx, changed, before);
    await auditStock(tx, by, outlet.id, input.mode === 'set' ? 'stock_count' : 'stock_adjust', changed, input.reason);
    return { adjusted: plan.map((p) => ({ productId: p.productId, name: p.name, before: p.stock, after: p.after })) };
  });
}

/**
 * One trail row per stock change at an outlet: each changed product's figure before and after (by
 * name, as staff read it), with the reason. The ledger keeps the per-product rows; this says who.
 */
async function auditStock(
  tx: Tx,
  by: AuditActor,
  outletId: string,
  action: 'stock_adjust' | 'stock_count' | 'stock_delivery',
  changed: { name: string; stock: number; after: number }[],
  reason: string,
) {
  if (changed.length === 0) return;
  await recordAudit(tx, by, {
    entityType: 'stock',
    entityId: outletId,
    action,
    before: { stock: Object.fromEntries(changed.map((p) => [p.name, p.stock])) },
    after: { stock: Object.fromEntries(changed.map((p) => [p.name, p.after])), reason },
  });
}

/** What shoppers can buy is the sum over the outlets: tell the admins when a product drops to low stock. */
async function warnOfLowStock(tx: Tx, changed: { productId: string; name: string }[], before: Map<string, number>) {
  if (changed.length === 0) return;
  const after = await productTotals(
    tx,
    changed.map((p) => p.productId),
  );
  const low = changed.filter(
    (p) => (after.get(p.productId) ?? 0) <= LOW_STOCK_THRESHOLD && (before.get(p.productId) ?? 0) > LOW_STOCK_THRESHOLD,
  );
  if (low.length) {
    const list = low.map((p) => `${p.name} (${after.get(p.productId)})`).join(', ');
    await notifyAdmins(tx, { message: `Low stock after adjustment: ${list}`, type: 'warning' });
  }
}

/**
 * Sets each product's figure at one outlet (the caller's own, in the portal) to what `after` gives for
 * its current figure, in one transaction; every difference is a ledger row of `kind`. Products the
 * outlet does not list are refused: the portal only shows, and changes, its own.
 */
async function changeEachAtOutlet(
  db: Db,
  outletId: string,
  kind: 'delivery' | 'count',
  lines: { productId: string; after: (stock: number) => number; label?: LotLabel }[],
  reason: string,
  by: AuditActor,
) {
  const actorId = by.userId;
  const ids = lines.map((l) => l.productId).sort();
  const target = new Map(lines.map((l) => [l.productId, l.after]));
  const labels = new Map(lines.map((l) => [l.productId, l.label]));
  return db.transaction(async (tx) => {
    const outlet = await findOutlet(tx, outletId);
    if (!outlet) throw notFound('Outlet not found');
    const rows = new Map((await lockOutletRows(tx, outlet.id, ids)).map((r) => [r.productId, r]));
    if (rows.size !== ids.length)
      throw new AppError('RULE_BROKEN', `Some products are not stocked at ${outlet.name}. Ask the back office to add them first.`);
    const before = await productTotals(tx, ids);
    // A lot already past its sell-by cut-off would count as stock nobody may sell.
    const days = await sellByDays(tx);
    const today = shopDay();
    for (const [i, l] of lines.entries()) {
      if (l.label && !isSellable(l.label.useBy, days, today)) {
        const message = `Batch ${l.label.lotNumber} is past its sell-by date (${days} day${days === 1 ? '' : 's'} before use-by ${l.label.useBy}): do not put it on sale.`;
        throw invalid(message, { [`items.${i}.batch.useBy`]: message });
      }
      const recalled = l.label && (await recallOfLot(tx, l.productId, l.label.lotNumber, l.label.productionDate));
      if (recalled) {
        const message = `Batch ${l.label!.lotNumber} is recalled (${recalled.reason}): do not put it on sale.`;
        throw new AppError('CONFLICT', message, { [`items.${i}.batch.lotNumber`]: message });
      }
    }
    const plan = ids.map((productId) => {
      const row = rows.get(productId)!;
      return { productId, name: row.name, stock: row.stock, after: target.get(productId)!(row.stock) };
    });
    const changed = plan.filter((p) => p.after !== p.stock);
    const ledger: LedgerEntry[] = [];
    for (const p of changed) {
      const after = await changeAtOutlet(tx, outlet.id, p.productId, p.after - p.stock);
      if (after === undefined) throw new AppError('CONFLICT', `Stock cannot go below zero: ${p.name} has ${p.stock} at ${outlet.name}.`);
      ledger.push({
        productId: p.productId,
        outletId: outlet.id,
        delta: p.after - p.stock,
        stockAfter: after,
        kind,
        reason,
        actorId,
        label: labels.get(p.productId),
      });
    }
    await recordMovements(tx, ledger);
    await warnOfLowStock(tx, changed, before);
    await auditStock(tx, by, outlet.id, kind === 'count' ? 'stock_count' : 'stock_delivery', changed, reason);
    return { adjusted: plan.map((p) => ({ productId: p.productId, name: p.name, before: p.stock, after: p.after })) };
  });
}

/** A delivery from the factory received at one outlet: each product's units added, kind `delivery`. */
export function recordDelivery(db: Db, outletId: string, input: OutletDeliveryInput, by: AuditActor) {
  const lines = input.items.map((i) => ({
    productId: i.productId,
    after: (stock: number) => stock + i.quantity,
    label: i.batch ? { lotNumber: i.batch.lotNumber, productionDate: i.batch.productionDate ?? null, useBy: i.batch.useBy } : undefined,
  }));
  return changeEachAtOutlet(db, outletId, 'delivery', lines, input.note || 'Delivery from the factory', by);
}

/** A stock count at one outlet: each counted figure replaces the figure, the difference a `count` row. */
export function recordCount(db: Db, outletId: string, input: OutletCountInput, by: AuditActor) {
  const lines = input.items.map((i) => ({ productId: i.productId, after: () => i.counted }));
  return changeEachAtOutlet(db, outletId, 'count', lines, input.note || 'Stock count', by);
}

/** The active outlets other than this one: where its manager may send stock. */
export async function transferTargets(tx: Tx, outletId: string) {
  const rows = await activeOutlets(tx);
  return rows
    .filter((o) => o.id !== outletId)
    .map((o) => ({ id: o.id, name: o.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Moves units from one outlet to another: per product (in id order) the sending row, then the
 * receiving one, each a ledger row; all or nothing, never below zero at the sender.
 */
export async function transferStock(db: Db, input: StockTransferInput, by: AuditActor) {
  const actorId = by.userId;
  if (input.fromOutletId === input.toOutletId) throw invalid('Choose two different outlets', { toOutletId: 'Choose another outlet' });
  return db.transaction(async (tx) => {
    const from = await findOutlet(tx, input.fromOutletId);
    const to = await findOutlet(tx, input.toOutletId);
    if (!from || !to) throw notFound('Outlet not found');
    // A closed outlet sells nothing: units sent there would sit out of reach of every order.
    if (!to.isActive) throw new AppError('RULE_BROKEN', `${to.name} is inactive: send stock to an active outlet.`);
    const items = [...input.items].sort((a, b) => a.productId.localeCompare(b.productId));
    const names = new Map(
      (
        await productNames(
          tx,
          items.map((i) => i.productId),
        )
      ).map((p) => [p.id, p.name]),
    );
    const moved: { productId: string; name: string; quantity: number; fromAfter: number; toAfter: number }[] = [];
    for (const item of items) {
      const name = names.get(item.productId);
      if (!name) throw notFound('Some selected products no longer exist. Please reload and try again.');
      const fromAfter = await changeAtOutlet(tx, from.id, item.productId, -item.quantity);
      if (fromAfter === undefined) {
        const has = (await lockOutletRows(tx, from.id, [item.productId]))[0]?.stock ?? 0;
        throw new AppError('CONFLICT', `${from.name} has only ${has} of ${name}: it cannot send ${item.quantity}.`);
      }
      const reason = input.reason || `Transfer ${from.name} to ${to.name}`;
      // The sender gives its batches first expiring first; the receiver gets the same lots with
      // their dates, so a recall follows the lot to the outlet it moved to.
      const [sent] = await recordMovements(tx, [
        {
          productId: item.productId,
          outletId: from.id,
          delta: -item.quantity,
          stockAfter: fromAfter,
          kind: 'transfer_out',
          reason,
          actorId,
        },
      ]);
      const toAfter = (await changeAtOutlet(tx, to.id, item.productId, item.quantity))!;
      let received = toAfter - item.quantity;
      await recordMovements(
        tx,
        sent!.map((part) => {
          received += part.quantity;
          return {
            productId: item.productId,
            outletId: to.id,
            delta: part.quantity,
            stockAfter: received,
            kind: 'transfer_in' as const,
            reason,
            actorId,
            label: part.lotNumber
              ? { lotNumber: part.lotNumber, productionDate: part.productionDate, useBy: part.useBy, sourceBatchId: part.batchId }
              : undefined,
          };
        }),
      );
      moved.push({ productId: item.productId, name, quantity: item.quantity, fromAfter, toAfter });
    }
    await recordAudit(tx, by, {
      entityType: 'stock',
      entityId: from.id,
      action: 'stock_transfer',
      after: {
        from: from.name,
        to: to.name,
        toOutletId: to.id,
        sent: Object.fromEntries(moved.map((m) => [m.name, m.quantity])),
        reason: input.reason || null,
      },
    });
    return { moved };
  });
}

/**
 * The products table's one stock figure (the sum over active outlets) set to a target: the
 * difference is received at, or taken from, the main outlet. Used by the product form and its
 * inline stock edit, so they keep working now that stock lives at outlets.
 */
export async function setTotalAtMainOutlet(tx: Tx, productId: string, target: number, actorId: string | null, reason: string) {
  const main = await mainOutlet(tx);
  if (!main) {
    if (target === 0) return;
    throw new AppError('RULE_BROKEN', 'Add an outlet first: stock is kept at outlets.');
  }
  // The outlet row first (the lock order of orders), then the figure it changes.
  const [row] = await lockOutletRows(tx, main.id, [productId]);
  const total = (await productTotals(tx, [productId])).get(productId) ?? 0;
  const delta = target - total;
  if (delta === 0) return;
  const after = await changeAtOutlet(tx, main.id, productId, delta);
  if (after === undefined) {
    throw new AppError(
      'CONFLICT',
      `Only ${row?.stock ?? 0} of the ${total} in stock are at ${main.name}; lower the other outlets' stock in Inventory.`,
    );
  }
  await recordMovements(tx, [
    { productId, outletId: main.id, delta, stockAfter: after, kind: delta > 0 ? 'delivery' : 'adjustment', reason, actorId },
  ]);
}
