/** The back office's product rules: create, edit, stock, and delete that keeps order history whole. */
import type { AdminProduct } from '@meatshop/shared/admin-catalog';
import type { AdminProductInput } from '@meatshop/shared/admin-catalog';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { setTotalAtMainOutlet } from '../inventory/inventory.service.ts';
import {
  archiveProduct,
  countOrderLinesOfProduct,
  deleteProductRow,
  findCategoryId,
  findLiveAdminProduct,
  findLiveAdminProducts,
  findLiveProductId,
  insertProduct,
  updateLiveProduct,
} from './products.repository.ts';

type ProductValues = z.output<typeof AdminProductInput>;

interface Row {
  id: string;
  name: string;
  description: string;
  price: number;
  discountPrice: number | null;
  stock: number;
  rating: number;
  imageUrls: string[];
  createdAt: Date;
  updatedAt: Date;
  categoryId: string | null;
  categoryName: string | null;
  categorySlug: string | null;
}

function shape(r: Row): AdminProduct {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: r.price,
    discountPrice: r.discountPrice,
    stock: r.stock,
    rating: r.rating,
    imageUrls: r.imageUrls,
    category: r.categoryId ? { id: r.categoryId, name: r.categoryName ?? '', slug: r.categorySlug ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Every live product, newest first (archived ones stay only in order history). */
export async function listProducts(db: Db) {
  const rows = await findLiveAdminProducts(db);
  return rows.map(shape);
}

export async function getProduct(db: Tx, id: string) {
  const row = await findLiveAdminProduct(db, id);
  if (!row) throw notFound('Product not found');
  return shape(row);
}

async function assertCategory(tx: Tx, categoryId: string) {
  const c = await findCategoryId(tx, categoryId);
  if (!c) throw invalid('Category not found', { categoryId: 'Category not found' });
}

function values(input: ProductValues) {
  return {
    name: input.name,
    description: input.description,
    price: input.price,
    discountPrice: input.discountPrice ?? null,
    categoryId: input.categoryId,
    imageUrls: input.imageUrls,
  };
}

// The form's stock is the storefront total; it lives at outlets, so the difference goes to the main outlet.
export async function createProduct(db: Db, input: ProductValues, actorId: string | null = null) {
  return db.transaction(async (tx) => {
    await assertCategory(tx, input.categoryId);
    const row = await insertProduct(tx, values(input));
    await setTotalAtMainOutlet(tx, row.id, input.stock, actorId, 'Stock entered with the new product');
    return getProduct(tx, row.id);
  });
}

export async function updateProduct(db: Db, id: string, input: ProductValues, actorId: string | null = null) {
  return db.transaction(async (tx) => {
    await assertCategory(tx, input.categoryId);
    const row = await updateLiveProduct(tx, id, values(input));
    if (!row) throw notFound('Product not found');
    await setTotalAtMainOutlet(tx, id, input.stock, actorId, 'Stock edited in Products');
    return getProduct(tx, id);
  });
}

/**
 * The inline stock edit of the products table: sets the storefront total, the difference received at
 * or taken from the main outlet, kept in the stock ledger like any other change (who, when, how much).
 */
export async function setProductStock(db: Db, id: string, stock: number, actorId: string) {
  return db.transaction(async (tx) => {
    const exists = await findLiveProductId(tx, id);
    if (!exists) throw notFound('Product not found');
    await setTotalAtMainOutlet(tx, id, stock, actorId, 'Stock edited in Products');
    return getProduct(tx, id);
  });
}

/** Deletes a product, or archives it when past orders name it so their history stays whole. */
export async function deleteProduct(db: Db, id: string): Promise<'deleted' | 'archived'> {
  return db.transaction(async (tx) => {
    const p = await findLiveProductId(tx, id);
    if (!p) throw notFound('Product not found');
    if ((await countOrderLinesOfProduct(tx, id)) > 0) {
      await archiveProduct(tx, id);
      return 'archived';
    }
    await deleteProductRow(tx, id);
    return 'deleted';
  });
}
