/**
 * Catalog rules: what the storefront may see (never archived products), the listing's filters,
 * reviews and the one-rating-per-user rule with the product's average kept in the same transaction.
 */
import type { Product, ProductListFilters, Review } from '@meatshop/shared/catalog';
import { SUBSCRIBE_MESSAGES } from '@meatshop/shared/catalog';
import { RELATED_PRODUCTS_LIMIT } from '@meatshop/shared/constants';
import { discountPercentage } from '@meatshop/shared/money';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { startPeriodicJob } from '../../platform/periodic-job.ts';
import { nearDateOffers } from '../inventory/markdowns.service.ts';
import * as repo from './catalog.repository.ts';
import { findActiveOutlets } from './outlets-public.repository.ts';
import { insertSubscription } from './subscriptions.repository.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';

export function toProduct(r: repo.ProductRow): Product {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: r.price,
    discountPrice: r.discountPrice,
    discountPercentage: discountPercentage(r),
    stock: r.stock,
    rating: r.rating,
    ratingCount: r.ratingCount,
    imageUrls: r.imageUrls,
    // Written key by key, in the order the listing's SQL writes them.
    weighing: r.weighing
      ? { amounts: [...r.weighing.amounts].sort((a, b) => a - b), pieces: r.weighing.pieces, tolerancePercent: r.weighing.tolerancePercent }
      : null,
    // A left join: the category's columns are all there or all null.
    category: r.categoryId != null ? { id: r.categoryId, name: r.categoryName!, slug: r.categorySlug! } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listProducts(db: Db, filters: ProductListFilters) {
  return (await repo.findProducts(db, filters)).map(toProduct);
}

/** The storefront listing as the JSON the API sends: the same as `{ products: listProducts(…) }`. */
export function listProductsJson(db: Db, filters: ProductListFilters): Promise<string> {
  return repo.findProductsJson(db, filters);
}

/** A version of everything the public catalog reads shows: it changes with every change to them. */
export function catalogVersion(db: Db) {
  return repo.readCatalogVersion(db);
}

/** Every ten minutes: keeps the catalog version's table as small as the connection pool. */
export function startCatalogVersionCompaction(db: Db, log: { error(o: object, m: string): void }, intervalMs = 10 * 60_000) {
  return startPeriodicJob(
    () =>
      repo
        .compactCatalogVersions(db)
        .then(() => {})
        .catch((err) => log.error({ err }, 'catalog version compaction failed')),
    intervalMs,
    60_000,
  );
}

export async function getProduct(db: Db, id: string) {
  const row = await repo.findProductById(db, id);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  // Most products have no markdown rule (or are weighed, never marked down): no offers to look up.
  const offers = row.markdownPercent == null || row.weighing ? null : (await nearDateOffers(db, [row.id])).offers;
  return { ...toProduct(row), options: row.options, offers: offers?.get(row.id) ?? [] };
}

/** Every product on near-date offer today with its lowest offer price: the listing's flags, in one grouped read. */
export async function listOfferFlags(db: Db) {
  const { offers } = await nearDateOffers(db);
  return [...offers].map(([productId, list]) => {
    const lowest = list.reduce((a, b) => (b.price < a.price ? b : a));
    return { productId, from: lowest.price, percent: lowest.percent };
  });
}

export async function relatedProducts(db: Db, id: string) {
  const row = await repo.findProductById(db, id);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  if (!row.categoryId) return [];
  return (await repo.findRelatedProducts(db, id, row.categoryId, RELATED_PRODUCTS_LIMIT)).map(toProduct);
}

export async function listCategories(db: Db) {
  return (await repo.findCategoriesWithCounts(db)).map((c) => ({ ...c, updatedAt: c.updatedAt.toISOString() }));
}

export async function listReviews(db: Db, productId: string): Promise<Review[]> {
  if (!(await repo.findProductById(db, productId))) throw notFound(PRODUCT_NOT_FOUND);
  return (await repo.findReviews(db, productId)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * A review carries a star rating, and that rating is the reviewer's rating of the product too
 * (upserted), so the average on the card always agrees with what reviewers said.
 */
export async function createReview(db: Db, userId: string, productId: string, input: { rating: number; comment: string }) {
  const id = await db.transaction(async (tx) => {
    if (!(await repo.lockProduct(tx, productId))) throw notFound(PRODUCT_NOT_FOUND);
    const review = await repo.insertReview(tx, { productId, userId, rating: input.rating, comment: input.comment });
    await repo.upsertRating(tx, userId, productId, input.rating);
    await repo.refreshProductRating(tx, productId);
    return review.id;
  });
  const reviews = await repo.findReviews(db, productId);
  const created = reviews.find((r) => r.id === id)!;
  return { ...created, createdAt: created.createdAt.toISOString() };
}

export async function rateProduct(db: Db, userId: string, productId: string, rating: number) {
  return db.transaction(async (tx) => {
    if (!(await repo.lockProduct(tx, productId))) throw notFound(PRODUCT_NOT_FOUND);
    await repo.upsertRating(tx, userId, productId, rating);
    const p = await repo.refreshProductRating(tx, productId);
    return { rating, productRating: p.rating, ratingCount: p.ratingCount };
  });
}

export async function myRating(db: Db, userId: string, productId: string) {
  const product = await repo.findProductById(db, productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return { rating: await repo.findRating(db, userId, productId), productRating: product.rating, ratingCount: product.ratingCount };
}

export async function subscribe(db: Db, email: string, type: string) {
  const row = await insertSubscription(db, email, type);
  if (!row) throw new AppError('ALREADY_EXISTS', SUBSCRIBE_MESSAGES.already);
  return { id: row.id, email: row.email, type: row.type as 'blogs' | 'campaigns' | 'default', createdAt: row.createdAt.toISOString() };
}

export function listOutlets(db: Db) {
  return findActiveOutlets(db);
}
