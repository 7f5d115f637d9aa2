/** Queries for stock: catalogue stock, outlet stock and the stock movements history. */
import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { productCategories, products } from '../../db/schema/catalog.ts';
import { outletProducts, outlets } from '../../db/schema/outlets.ts';
import { stockMovements } from '../../db/schema/stock.ts';

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function listProductStock(tx: Tx, f: { q?: string; categoryId?: string }) {
  const where: SQL[] = [];
  if (f.q) where.push(ilike(products.name, like(f.q)));
  if (f.categoryId) where.push(eq(products.categoryId, f.categoryId));
  return tx
    .select({
      productId: products.id,
      name: products.name,
      category: productCategories.name,
      price: products.price,
      stock: products.stock,
      isArchived: products.isArchived,
    })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(...where))
    .orderBy(asc(products.stock), asc(products.name));
}

export function listOutletStock(tx: Tx, f: { q?: string; categoryId?: string; outletId?: string }) {
  const where: SQL[] = [];
  if (f.q) where.push(ilike(products.name, like(f.q)));
  if (f.categoryId) where.push(eq(products.categoryId, f.categoryId));
  if (f.outletId) where.push(eq(outletProducts.outletId, f.outletId));
  return tx
    .select({
      outletId: outlets.id,
      outletName: outlets.name,
      productId: products.id,
      name: products.name,
      category: productCategories.name,
      stock: outletProducts.stock,
      minStock: outletProducts.minStock,
      maxStock: outletProducts.maxStock,
      isAvailable: outletProducts.isAvailable,
    })
    .from(outletProducts)
    .innerJoin(outlets, eq(outlets.id, outletProducts.outletId))
    .innerJoin(products, eq(products.id, outletProducts.productId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(...where))
    .orderBy(asc(outlets.name), asc(outletProducts.stock), asc(products.name));
}

/** Locks the catalogue rows being adjusted, so two adjustments never both read the old stock. */
export function lockProducts(tx: Tx, ids: string[]) {
  return tx
    .select({ id: products.id, name: products.name, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids))
    .for('update');
}

export function lockOutletProducts(tx: Tx, outletId: string, ids: string[]) {
  return tx
    .select({ id: outletProducts.id, productId: outletProducts.productId, name: products.name, stock: outletProducts.stock })
    .from(outletProducts)
    .innerJoin(products, eq(products.id, outletProducts.productId))
    .where(and(eq(outletProducts.outletId, outletId), inArray(outletProducts.productId, ids)))
    .for('update', { of: outletProducts });
}

export const setProductStock = (tx: Tx, id: string, stock: number) => tx.update(products).set({ stock }).where(eq(products.id, id));
export const setOutletStock = (tx: Tx, id: string, stock: number) =>
  tx.update(outletProducts).set({ stock }).where(eq(outletProducts.id, id));

export async function findOutlet(tx: Tx, id: string) {
  const [row] = await tx.select({ id: outlets.id, name: outlets.name }).from(outlets).where(eq(outlets.id, id)).limit(1);
  return row;
}

export const insertMovements = (tx: Tx, rows: (typeof stockMovements.$inferInsert)[]) =>
  rows.length ? tx.insert(stockMovements).values(rows) : Promise.resolve();

export function listMovements(tx: Tx, f: { productId?: string; outletId?: string; limit: number }) {
  const where: SQL[] = [];
  if (f.productId) where.push(eq(stockMovements.productId, f.productId));
  if (f.outletId) where.push(eq(stockMovements.outletId, f.outletId));
  return tx
    .select({
      id: stockMovements.id,
      productId: stockMovements.productId,
      productName: products.name,
      outletId: stockMovements.outletId,
      outletName: outlets.name,
      delta: stockMovements.delta,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      actorName: users.fullName,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(outlets, eq(outlets.id, stockMovements.outletId))
    .leftJoin(users, eq(users.id, stockMovements.actorId))
    .where(and(...where))
    .orderBy(desc(stockMovements.createdAt))
    .limit(f.limit);
}
