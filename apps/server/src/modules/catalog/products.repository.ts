/** Product rows as the back office reads and writes them; the storefront's queries are in catalog.repository.ts. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productCategories, products } from '../../db/schema/catalog.ts';
import { orderItems } from '../../db/schema/orders.ts';

export type ProductInsert = typeof products.$inferInsert;

const adminColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  discountPrice: products.discountPrice,
  stock: products.stock,
  rating: products.rating,
  imageUrls: products.imageUrls,
  options: products.options,
  weighing: products.weighing,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  categoryId: productCategories.id,
  categoryName: productCategories.name,
  categorySlug: productCategories.slug,
};

function selectAdminProducts(tx: Tx) {
  return tx.select(adminColumns).from(products).leftJoin(productCategories, eq(productCategories.id, products.categoryId));
}

/** Every live (not archived) product with its category, newest first, then by name. */
export function findLiveAdminProducts(tx: Tx) {
  return selectAdminProducts(tx).where(eq(products.isArchived, false)).orderBy(desc(products.createdAt), products.name);
}

/** One live product with its category; undefined when missing or archived. */
export async function findLiveAdminProduct(tx: Tx, id: string) {
  const [row] = await selectAdminProducts(tx).where(and(eq(products.id, id), eq(products.isArchived, false)));
  return row;
}

/** The id of a live product; undefined when missing or archived. */
export async function findLiveProductId(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isArchived, false)));
  return row;
}

export async function findCategoryId(tx: Tx, categoryId: string) {
  const [row] = await tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, categoryId));
  return row;
}

export async function insertProduct(tx: Tx, values: ProductInsert) {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  return row!;
}

/** Updates a live product; undefined when it is missing or archived. */
export async function updateLiveProduct(tx: Tx, id: string, values: Partial<ProductInsert>) {
  const [row] = await tx
    .update(products)
    .set(values)
    .where(and(eq(products.id, id), eq(products.isArchived, false)))
    .returning({ id: products.id });
  return row;
}

/** How many order lines name this product (past orders keep it alive as history). */
export async function countOrderLinesOfProduct(tx: Tx, productId: string) {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(orderItems).where(eq(orderItems.productId, productId));
  return row?.n ?? 0;
}

export async function archiveProduct(tx: Tx, id: string) {
  await tx.update(products).set({ isArchived: true }).where(eq(products.id, id));
}

export async function deleteProductRow(tx: Tx, id: string) {
  await tx.delete(products).where(eq(products.id, id));
}
