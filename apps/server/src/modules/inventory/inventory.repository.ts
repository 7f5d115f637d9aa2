/** Queries for the stock screens: product totals, outlet stock and the stock ledger's history. */
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { productCategories, products } from '../../db/schema/catalog.ts';
import { outletProducts, outlets } from '../../db/schema/outlets.ts';
import { stockBatches, stockMovements } from '../../db/schema/stock.ts';

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
      soldByWeight: sql<boolean>`${products.weighing} is not null`,
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
      soldByWeight: sql<boolean>`${products.weighing} is not null`,
    })
    .from(outletProducts)
    .innerJoin(outlets, eq(outlets.id, outletProducts.outletId))
    .innerJoin(products, eq(products.id, outletProducts.productId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(...where))
    .orderBy(asc(outlets.name), asc(outletProducts.stock), asc(products.name));
}

export function productNames(tx: Tx, ids: string[]) {
  return tx.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids));
}

/** The storefront figure (sum over active outlets, kept by the database) of these products. */
export async function productTotals(tx: Tx, ids: string[]) {
  const rows = await tx.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.stock]));
}

export async function findOutlet(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: outlets.id, name: outlets.name, isActive: outlets.isActive })
    .from(outlets)
    .where(eq(outlets.id, id))
    .limit(1);
  return row;
}

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
      kind: stockMovements.kind,
      orderId: stockMovements.orderId,
      batchId: stockMovements.batchId,
      lotNumber: stockBatches.lotNumber,
      useBy: stockBatches.useBy,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      actorName: users.fullName,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(outlets, eq(outlets.id, stockMovements.outletId))
    .leftJoin(users, eq(users.id, stockMovements.actorId))
    .leftJoin(stockBatches, eq(stockBatches.id, stockMovements.batchId))
    .where(and(...where))
    .orderBy(desc(stockMovements.createdAt))
    .limit(f.limit);
}
