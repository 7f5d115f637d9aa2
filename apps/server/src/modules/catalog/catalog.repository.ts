/** Catalog queries: the only code that touches the catalog tables. Filtering and sorting happen in SQL. */
import type { ProductListFilters } from '@meatshop/shared/catalog';
import { and, asc, count, desc, eq, gte, isNotNull, lte, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { users } from '../../db/schema/accounts.ts';
import { catalogVersions, productCategories, products } from '../../db/schema/catalog.ts';
import { productRatings, productReviews } from '../../db/schema/reviews.ts';

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
  options: products.options,
  weighing: products.weighing,
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

function listingWhere(f: ProductListFilters) {
  const where: (SQL | undefined)[] = [eq(products.isArchived, false)];
  if (f.category) where.push(eq(productCategories.slug, f.category));
  if (f.minPrice != null) where.push(gte(effectivePrice, f.minPrice));
  if (f.maxPrice != null) where.push(lte(effectivePrice, f.maxPrice));
  if (f.minRating != null) where.push(gte(products.rating, f.minRating));
  if (f.inStock === 'true') where.push(sql`${products.stock} > 0`);
  if (f.onSale === 'true') where.push(isNotNull(products.discountPrice));
  return and(...where);
}

export function findProducts(tx: Tx, f: ProductListFilters) {
  return tx
    .select(productColumns)
    .from(products)
    .leftJoin(productCategories, eq(products.categoryId, productCategories.id))
    .where(listingWhere(f))
    .orderBy(...ORDER_BY[f.sort]);
}

const text = (value: SQLWrapper) => sql`to_json(${value})::text`;
const isoTime = (column: SQLWrapper) => sql`'"' || to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;
const ifNull = (value: SQL) => sql`coalesce(${value}, 'null')`;

/**
 * One product of the listing as JSON text, written by the database: the same keys in the same order
 * and the same text as JSON.stringify(toProduct(row)) (catalog.service), which a test holds it to.
 * Integers and the rating print as JavaScript prints them (PostgreSQL 12+ writes the shortest
 * float8 that reads back exactly, as JavaScript does); strings are escaped by to_json; times are
 * cut to milliseconds, as a Date is; the percentage off is money.ts's whole-number rounding.
 */
const productJson = sql`'{"id":"' || ${products.id} || '","name":' || ${text(products.name)}
  || ',"description":' || ${text(products.description)}
  || ',"price":' || ${products.price} || ',"discountPrice":' || ${ifNull(sql`${products.discountPrice}::text`)}
  || ',"discountPercentage":' || ${ifNull(sql`(CASE WHEN ${products.discountPrice} < ${products.price} AND ${products.price} > 0
       THEN (200::bigint * (${products.price} - ${products.discountPrice}) + ${products.price}) / (2::bigint * ${products.price}) END)::text`)}
  || ',"stock":' || ${products.stock} || ',"rating":' || ${text(products.rating)} || ',"ratingCount":' || ${products.ratingCount}
  || ',"imageUrls":' || array_to_json(${products.imageUrls})::text
  || ',"weighing":' || ${ifNull(sql`'{"amounts":' || (SELECT array_to_json(array_agg(a::int ORDER BY a::int)) FROM jsonb_array_elements_text(${products.weighing}->'amounts') a)::text
       || ',"pieces":' || (${products.weighing}->>'pieces') || ',"tolerancePercent":' || (${products.weighing}->>'tolerancePercent') || '}'`)}
  || ',"category":' || ${ifNull(sql`'{"id":"' || ${productCategories.id} || '","name":' || ${text(productCategories.name)} || ',"slug":' || ${text(productCategories.slug)} || '}'`)}
  || ',"createdAt":' || ${isoTime(products.createdAt)} || ',"updatedAt":' || ${isoTime(products.updatedAt)} || '}'`;

/**
 * The listing's conditions with the values as placeholders, and the statement's name: one prepared
 * statement per sort and set of filters given (a few dozen at most), whatever their values.
 */
function preparedListing(f: ProductListFilters) {
  // `false` written into the statement, not sent as a value: the indexes are partial (live products
  // only), and a plan made for any value of a parameter could not use them.
  const where: SQL[] = [sql`not ${products.isArchived}`];
  const values: Record<string, unknown> = {};
  let shape = f.sort;
  const add = (key: keyof ProductListFilters, condition: SQL, value?: unknown) => {
    where.push(condition);
    if (value !== undefined) values[key] = value;
    shape += `_${key}`;
  };
  if (f.category) add('category', eq(productCategories.slug, sql.placeholder('category')), f.category);
  if (f.minPrice != null) add('minPrice', gte(effectivePrice, sql.placeholder('minPrice')), f.minPrice);
  if (f.maxPrice != null) add('maxPrice', lte(effectivePrice, sql.placeholder('maxPrice')), f.maxPrice);
  // Written into the statement (a checked number from 1 to 5, so a handful of statements): planned for
  // any rating, the server cannot tell a selective one and reads every product.
  if (f.minRating != null) {
    const rating = Number(f.minRating);
    add('minRating', gte(products.rating, sql.raw(String(rating))));
    shape += `_${String(rating).replace('.', '_')}`;
  }
  if (f.inStock === 'true') add('inStock', sql`${products.stock} > 0`);
  if (f.onSale === 'true') add('onSale', isNotNull(products.discountPrice));
  return { where: and(...where), values, name: `catalog_listing_${shape.replace(/-/g, '_')}` };
}

/**
 * The listing as the API sends it, `{"products":[…]}`, built in one statement. On the embedded
 * database this is what keeps a listing of 10,000 products cheap: PGlite hands each field of each
 * row to JavaScript one by one (about 200 ms for 10,000 products, holding the event loop), while one
 * string of the same data costs about 40 ms. Same filters and order as findProducts.
 */
export async function findProductsJson(tx: Tx, f: ProductListFilters): Promise<string> {
  const { where, values, name } = preparedListing(f);
  const [row] = await runPrepared(
    tx,
    name,
    (q) =>
      q
        .select({ body: sql<string | null>`string_agg(${productJson}, ',' ORDER BY ${sql.join(ORDER_BY[f.sort], sql`, `)})` })
        .from(products)
        .leftJoin(productCategories, eq(products.categoryId, productCategories.id))
        .where(where),
    values,
  );
  return `{"products":[${row?.body ?? ''}]}`;
}

/** Moves forward with every committed change to products or categories (see schema catalogVersions). */
export async function readCatalogVersion(tx: Tx): Promise<string> {
  const [row] = await runPrepared(
    tx,
    'catalog_version',
    (q) => q.select({ v: sql<string>`coalesce(sum(${catalogVersions.changes}), 0)::text` }).from(catalogVersions),
    {},
  );
  return row!.v;
}

/**
 * Folds the rows of connections that are gone into row 0, in one statement, so the table stays as
 * small as the pool while the sum stays what it was (a reader sees it before or after, both equal).
 * A new connection that got a gone one's pid only waits on its row for this statement.
 */
export async function compactCatalogVersions(tx: Tx): Promise<number> {
  const res = (await tx.execute(sql`
    WITH gone AS (
      DELETE FROM catalog_versions WHERE backend_pid <> 0 AND backend_pid NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
      RETURNING changes),
    folded AS (
      INSERT INTO catalog_versions (backend_pid, changes) SELECT 0, sum(changes) FROM gone HAVING count(*) > 0
      ON CONFLICT (backend_pid) DO UPDATE SET changes = catalog_versions.changes + excluded.changes)
    SELECT count(*)::int AS folded FROM gone`)) as unknown as { rows: { folded: number }[] };
  return res.rows[0]!.folded;
}

/** One product for its page (and the checks before a review or a rating): prepared once. */
export async function findProductById(tx: Tx, id: string) {
  const [row] = await runPrepared(
    tx,
    'catalog_product_by_id',
    (q) =>
      q
        // Whether its category marks near-date batches down: without a rule there is no offer to read.
        .select({ ...productColumns, markdownPercent: productCategories.markdownPercent })
        .from(products)
        .leftJoin(productCategories, eq(products.categoryId, productCategories.id))
        .where(and(eq(products.id, sql.placeholder('id')), sql`not ${products.isArchived}`)),
    { id },
  );
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
      chillLimitMinutes: productCategories.chillLimitMinutes,
      markdownPercent: productCategories.markdownPercent,
      markdownDays: productCategories.markdownDays,
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
