/**
 * Reviews and one rating per user and product. Apart from catalog.ts because they point at both
 * products and users, and users (accounts.ts) already depend on the catalog through outlets.
 */
import { REVIEW_COMMENT_MAX } from '@meatshop/shared/constants';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { createdAt, id, updatedAt } from './columns.ts';

export const productReviews = pgTable(
  'product_reviews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('product_reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('product_reviews_comment_check', sql.raw(`char_length(comment) <= ${REVIEW_COMMENT_MAX}`)),
    index('product_reviews_product_idx').on(t.productId, t.createdAt.desc().nullsFirst()),
  ],
);

export const productRatings = pgTable(
  'product_ratings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('product_ratings_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    index('product_ratings_product_idx').on(t.productId),
  ],
);
