/** Catalog queries: the only code that touches the catalog tables. Filtering and sorting happen in SQL. */
import type { ProductListFilters } from '@meatshop/shared/catalog';
import { and, asc, count, desc, eq, gte, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { productCategories, productRatings, productReviews, products } from '../../db/schema/catalog.ts';

/** What a shopper pays: the discount price when set (the CHECK keeps it below the price). */
export const effectivePrice = sql<number>`coalesce(${products.discountPrice}, ${products.price})`;

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  discountPrice: products.discountPrice,
  stock: products.stock,
  rating: products.rating,
  ratingCount: products.ratingCount,
  imageUrls: products.imageUrls,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  categoryId: productCategories.id,
  categoryName: productCategories.name,
  categorySlug: productCategories.slug,
};
export type ProductRow = Awaited<ReturnType<typeof findProducts>>[number];

const ORDER_BY: Record<ProductListFilters['sort'], SQL[]> = {
  // Spec 7: created_at descending is both "newest" and the default ordering.
  featured: [desc(products.createdAt), asc(products.id)],
  newest: [desc(products.createdAt), asc(products.id)],
  'price-asc': [asc(effectivePrice), asc(products.name)],
  'price-desc': [desc(effectivePrice), asc(products.name)],
  rating: [desc(products.rating), desc(products.ratingCount), asc(products.name)],
};

export function findProducts(tx: Tx, f: ProductListFilters) {
  const where: (SQL | undefined)[] = [eq(products.isArchived, false)];
  if (f.category) where.push(eq(productCategories.slug, f.category));
  if (f.minPrice != null) where.push(gte(effectivePrice, f.minPrice));
  if (f.maxPrice != null) where.push(lte(effectivePrice, f.maxPrice));
  if (f.minRating != null) where.push(gte(products.rating, f.minRating));
  if (f.inStock === 'true') where.push(sql`${products.stock} > 0`);
  if (f.onSale === 'true') where.push(isNotNull(products.discountPrice));
  return tx
    .select(productColumns)
    .from(products)
    .leftJoin(productCategories, eq(products.categoryId, productCategories.id))
    .where(and(...where))
    .orderBy(...ORDER_BY[f.sort]);
}

export async function findProductById(tx: Tx, id: string) {
  const [row] = await tx
    .select(productColumns)
    .from(products)
    .leftJoin(productCategories, eq(products.categoryId, productCategories.id))
    .where(and(eq(products.id, id), eq(products.isArchived, false)));
  return row;
}

export async function findRelatedProducts(tx: Tx, id: string, categoryId: string, limit: number) {
  return tx
    .select(productColumns)
    .from(products)
    .leftJoin(productCategories, eq(products.categoryId, productCategories.id))
    .where(and(eq(products.categoryId, categoryId), ne(products.id, id), eq(products.isArchived, false)))
    .orderBy(desc(products.stock), desc(products.rating), asc(products.name))
    .limit(limit);
}

export function findCategoriesWithCounts(tx: Tx) {
  return tx
    .select({
      id: productCategories.id,
      name: productCategories.name,
      slug: productCategories.slug,
      description: productCategories.description,
      imageUrl: productCategories.imageUrl,
      updatedAt: productCategories.updatedAt,
      productCount: sql<number>`count(${products.id})::int`,
    })
    .from(productCategories)
    .leftJoin(products, and(eq(products.categoryId, productCategories.id), eq(products.isArchived, false)))
    .groupBy(productCategories.id)
    .orderBy(asc(productCategories.name));
}

export function findReviews(tx: Tx, productId: string) {
  return tx
    .select({
      id: productReviews.id,
      productId: productReviews.productId,
      userId: productReviews.userId,
      userFullName: users.fullName,
      rating: productReviews.rating,
      comment: productReviews.comment,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(eq(productReviews.productId, productId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
}

export async function insertReview(tx: Tx, v: { productId: string; userId: string; rating: number; comment: string }) {
  const [row] = await tx.insert(productReviews).values(v).returning({ id: productReviews.id });
  return row!;
}

export async function findRating(tx: Tx, userId: string, productId: string) {
  const [row] = await tx
    .select({ rating: productRatings.rating })
    .from(productRatings)
    .where(and(eq(productRatings.userId, userId), eq(productRatings.productId, productId)));
  return row?.rating ?? null;
}

/** One rating per user and product: insert or replace. */
export async function upsertRating(tx: Tx, userId: string, productId: string, rating: number) {
  await tx
    .insert(productRatings)
    .values({ userId, productId, rating })
    .onConflictDoUpdate({ target: [productRatings.userId, productRatings.productId], set: { rating, updatedAt: new Date() } });
}

/** Recomputes the product's average from its ratings, in the caller's transaction. */
export async function refreshProductRating(tx: Tx, productId: string) {
  const [agg] = await tx
    .select({ avg: sql<number>`coalesce(avg(${productRatings.rating}), 0)::float8`, n: count() })
    .from(productRatings)
    .where(eq(productRatings.productId, productId));
  const rating = Math.round(Number(agg?.avg ?? 0) * 100) / 100;
  const [row] = await tx
    .update(products)
    .set({ rating, ratingCount: agg?.n ?? 0 })
    .where(eq(products.id, productId))
    .returning({ rating: products.rating, ratingCount: products.ratingCount });
  return row!;
}

/** Locks the product row so concurrent ratings of one product recompute its average one after another. */
export async function lockProduct(tx: Tx, productId: string) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isArchived, false)))
    .for('update');
  return row;
}
