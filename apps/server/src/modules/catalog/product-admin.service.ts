/** The back office's product rules: create, edit, stock, and delete that keeps order history whole. */
import type { AdminProduct } from '@meatshop/shared/admin-catalog';
import type { AdminProductInput } from '@meatshop/shared/admin-catalog';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { productCategories, products } from '../../db/schema/catalog.ts';
import { orderItems } from '../../db/schema/orders.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { setTotalAtMainOutlet } from '../inventory/inventory.service.ts';

type ProductValues = z.output<typeof AdminProductInput>;

const columns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  discountPrice: products.discountPrice,
  stock: products.stock,
  rating: products.rating,
  imageUrls: products.imageUrls,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  categoryId: productCategories.id,
  categoryName: productCategories.name,
  categorySlug: productCategories.slug,
};

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

function select(db: Tx) {
  return db.select(columns).from(products).leftJoin(productCategories, eq(productCategories.id, products.categoryId));
}

/** Every live product, newest first (archived ones stay only in order history). */
export async function listProducts(db: Db) {
  const rows = await select(db).where(eq(products.isArchived, false)).orderBy(desc(products.createdAt), products.name);
  return rows.map(shape);
}

export async function getProduct(db: Tx, id: string) {
  const [row] = await select(db).where(and(eq(products.id, id), eq(products.isArchived, false)));
  if (!row) throw notFound('Product not found');
  return shape(row);
}

async function assertCategory(tx: Tx, categoryId: string) {
  const [c] = await tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, categoryId));
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
    const [row] = await tx.insert(products).values(values(input)).returning({ id: products.id });
    await setTotalAtMainOutlet(tx, row!.id, input.stock, actorId, 'Stock entered with the new product');
    return getProduct(tx, row!.id);
  });
}

export async function updateProduct(db: Db, id: string, input: ProductValues, actorId: string | null = null) {
  return db.transaction(async (tx) => {
    await assertCategory(tx, input.categoryId);
    const [row] = await tx
      .update(products)
      .set(values(input))
      .where(and(eq(products.id, id), eq(products.isArchived, false)))
      .returning({ id: products.id });
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
    const [exists] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), eq(products.isArchived, false)));
    if (!exists) throw notFound('Product not found');
    await setTotalAtMainOutlet(tx, id, stock, actorId, 'Stock edited in Products');
    return getProduct(tx, id);
  });
}

/** Deletes a product, or archives it when past orders name it so their history stays whole. */
export async function deleteProduct(db: Db, id: string): Promise<'deleted' | 'archived'> {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), eq(products.isArchived, false)));
    if (!p) throw notFound('Product not found');
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(orderItems).where(eq(orderItems.productId, id));
    if ((used?.n ?? 0) > 0) {
      await tx.update(products).set({ isArchived: true }).where(eq(products.id, id));
      return 'archived';
    }
    await tx.delete(products).where(eq(products.id, id));
    return 'deleted';
  });
}
