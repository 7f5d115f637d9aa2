/**
 * Stock across products and outlets (issue 9 item 6): levels, filters, and bulk adjustment in one
 * transaction, never below zero, each change kept with its reason in stock_movements.
 */
import { LOW_STOCK_THRESHOLD } from '@meatshop/shared/constants';
import { CATALOG_FULL_STOCK, type StockAdjustInput, type StockLevel } from '@meatshop/shared/inventory';
import { outletStockLevel } from '@meatshop/shared/status';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import {
  findOutlet,
  insertMovements,
  listMovements,
  listOutletStock,
  listProductStock,
  lockOutletProducts,
  lockProducts,
  setOutletStock,
  setProductStock,
} from './inventory.repository.ts';

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

interface Locked {
  rowId: string;
  productId: string;
  name: string;
  stock: number;
}

/** Applies one change to every selected product; all or nothing. */
export async function adjustStock(db: Db, input: StockAdjustInput, actorId: string) {
  const ids = [...new Set(input.productIds)];
  return db.transaction(async (tx) => {
    const outlet = input.outletId ? await findOutlet(tx, input.outletId) : null;
    if (input.outletId && !outlet) throw notFound('Outlet not found');
    const locked: Locked[] = outlet
      ? (await lockOutletProducts(tx, outlet.id, ids)).map((r) => ({ rowId: r.id, productId: r.productId, name: r.name, stock: r.stock }))
      : (await lockProducts(tx, ids)).map((r) => ({ rowId: r.id, productId: r.id, name: r.name, stock: r.stock }));
    if (locked.length !== ids.length) {
      if (outlet)
        throw new AppError('RULE_BROKEN', `Some selected products are not stocked at ${outlet.name}. Add them to the outlet first.`);
      throw notFound('Some selected products no longer exist. Please reload and try again.');
    }
    const plan = locked.map((r) => ({ ...r, after: input.mode === 'set' ? input.amount : r.stock + input.amount }));
    const short = plan.filter((p) => p.after < 0);
    if (short.length) {
      const first = short[0]!;
      throw new AppError(
        'CONFLICT',
        `Stock cannot go below zero: ${first.name} has ${first.stock} in stock${short.length > 1 ? ` (and ${short.length - 1} more product${short.length > 2 ? 's' : ''})` : ''}.`,
      );
    }
    const changed = plan.filter((p) => p.after !== p.stock);
    for (const p of changed) {
      if (outlet) await setOutletStock(tx, p.rowId, p.after);
      else await setProductStock(tx, p.rowId, p.after);
    }
    await insertMovements(
      tx,
      changed.map((p) => ({
        productId: p.productId,
        outletId: outlet?.id ?? null,
        delta: p.after - p.stock,
        stockAfter: p.after,
        reason: input.reason,
        actorId,
      })),
    );
    // The catalogue stock is what shoppers can buy: tell the admins when a product drops to low stock.
    if (!outlet) {
      const low = changed.filter((p) => p.after <= LOW_STOCK_THRESHOLD && p.stock > LOW_STOCK_THRESHOLD);
      if (low.length) {
        const names = low.map((p) => `${p.name} (${p.after})`).join(', ');
        await notifyAdmins(tx, { message: `Low stock after adjustment: ${names}`, type: 'warning' });
      }
    }
    return { adjusted: plan.map((p) => ({ productId: p.productId, name: p.name, before: p.stock, after: p.after })) };
  });
}
