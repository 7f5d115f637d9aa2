import { sql } from 'drizzle-orm';
import type { ProductOption } from '@meatshop/shared/product-options';
import type { Weighing } from '@meatshop/shared/weighing';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export const productCategories = pgTable(
  'product_categories',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    slug: text('slug').notNull().unique(),
    imageUrl: text('image_url'),
    /** Minutes its goods may spend out of the chiller; null: the shop's default (shop settings). */
    chillLimitMinutes: integer('chill_limit_minutes'),
    /**
     * The near-date markdown: this percent off its products sold by the unit, in the last
     * `markdown_days` days up to their batch's sell-by date. Both null: no markdowns.
     */
    markdownPercent: integer('markdown_percent'),
    markdownDays: integer('markdown_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_categories_name_idx').on(t.name),
    check(
      'product_categories_markdown_check',
      sql`(${t.markdownPercent} IS NULL AND ${t.markdownDays} IS NULL) OR (${t.markdownPercent} BETWEEN 5 AND 90 AND ${t.markdownDays} BETWEEN 1 AND 7)`,
    ),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Whole shillings. */
    price: integer('price').notNull(),
    discountPrice: integer('discount_price'),
    stock: integer('stock').notNull().default(0),
    /** Average of product_ratings, kept by the server in the rating transaction. */
    rating: doublePrecision('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    /** The choices a customer makes for a line (Cut: Whole / Cubed / Minced), with their price changes. */
    options: jsonb('options').$type<ProductOption[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Null: sold by the unit. Otherwise sold by weight: `price` (and `discount_price`) are per kg, the
     * outlets' stock of it is in grams, and this holds the amounts a customer may choose and the tolerance.
     */
    weighing: jsonb('weighing').$type<Weighing>(),
    categoryId: uuid('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    /** Archived products keep order history whole but leave the storefront. */
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_check', sql`${t.price} >= 0`),
    check(
      'products_discount_price_check',
      sql`${t.discountPrice} IS NULL OR (${t.discountPrice} >= 0 AND ${t.discountPrice} < ${t.price})`,
    ),
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_rating_check', sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
    index('products_category_idx').on(t.categoryId),
    // The storefront's sorts (catalog.repository ORDER_BY), over products still on sale, so a listing
    // reads in order without sorting; `nullsFirst` matches what ORDER BY … DESC means.
    index('products_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id).where(sql`not ${t.isArchived}`),
    index('products_effective_price_idx').on(sql`coalesce(${t.discountPrice}, ${t.price})`, t.name).where(sql`not ${t.isArchived}`),
    index('products_rating_idx')
      .on(t.rating.desc().nullsFirst(), t.ratingCount.desc().nullsFirst(), t.name)
      .where(sql`not ${t.isArchived}`),
    index('products_on_sale_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.discountPrice} is not null and not ${t.isArchived}`),
    // The dashboard's low-stock alert: lowest stock first.
    index('products_stock_idx').on(t.stock, t.name).where(sql`not ${t.isArchived}`),
    index('products_name_idx').on(t.name),
  ],
);

/**
 * How many statements have changed products or categories, counted per database connection (by its
 * backend pid) by the triggers of migration 0010. The sum only grows, and grows with every commit
 * that changes the catalog, so the public catalog cache (routes/public/catalog.routes.ts) reads it
 * instead of the whole catalog to know whether what it holds is still current. One row per
 * connection means two transactions never wait on each other for it.
 */
export const catalogVersions = pgTable('catalog_versions', {
  backendPid: integer('backend_pid').primaryKey(),
  changes: bigint('changes', { mode: 'number' }).notNull(),
});
