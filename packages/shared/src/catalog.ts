/**
 * Catalog contracts (spec sections 2-5): the listing query with its filters and sorts, product and
 * category shapes, reviews, ratings, newsletter subscriptions and the public outlet list.
 */
import { z } from 'zod';
import { MarkdownOffer } from './markdowns.ts';
import { ProductOption } from './product-options.ts';
import { REVIEW_COMMENT_MAX } from './constants.ts';
import { PRODUCT_SORTS, SUBSCRIBE_MESSAGES } from './catalog-constants.ts';
import { SUBSCRIPTION_TYPES } from './status.ts';

export { PRODUCT_SORT_LABEL, PRODUCT_SORTS, type ProductSort, RATING_FILTERS, SUBSCRIBE_MESSAGES } from './catalog-constants.ts';

/** A query-string value: an empty string means "not given" (a cleared price box). */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const money = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number of shillings`)
      .min(0, `${label} cannot be negative`)
      .max(1_000_000_000, `${label} is too large`)
      .optional(),
  );
const flag = z.preprocess(blankToUndefined, z.enum(['true', 'false'], { error: 'Use true or false' }).optional());

export const ProductListQuery = z
  .object({
    category: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    minPrice: money('Minimum price'),
    maxPrice: money('Maximum price'),
    minRating: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Rating must be a number' })
        .min(1, 'Rating must be between 1 and 5')
        .max(5, 'Rating must be between 1 and 5')
        .optional(),
    ),
    sort: z.preprocess(
      blankToUndefined,
      z.enum(PRODUCT_SORTS, { error: `Sort must be one of ${PRODUCT_SORTS.join(', ')}` }).default('featured'),
    ),
    inStock: flag,
    onSale: flag,
  })
  .refine((q) => q.minPrice == null || q.maxPrice == null || q.minPrice <= q.maxPrice, {
    message: 'Minimum price cannot be above maximum price',
    path: ['minPrice'],
  });
export type ProductListQuery = z.input<typeof ProductListQuery>;
export type ProductListFilters = z.output<typeof ProductListQuery>;

export const ProductIdParams = z.object({ id: z.uuid('Invalid product ID') });

export const CategoryRef = z.object({ id: z.string(), name: z.string(), slug: z.string() });

export const Product = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  discountPrice: z.number().int().nullable(),
  /** Rounded percentage off, null when not on sale. */
  discountPercentage: z.number().int().nullable(),
  stock: z.number().int(),
  rating: z.number(),
  ratingCount: z.number().int(),
  imageUrls: z.array(z.string()),
  /** Null: sold by the unit. Otherwise price and discount price are per kg and stock is in grams. */
  weighing: z.object({ amounts: z.array(z.number().int()), pieces: z.boolean(), tolerancePercent: z.number().int() }).nullable(),
  category: CategoryRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof Product>;

export const ProductList = z.object({ products: z.array(Product) });
export type ProductList = z.infer<typeof ProductList>;
/** The product page also reads the options the customer picks from. */
/** And today's near-date offers, earliest use-by first (empty when none). */
export const ProductDetail = z.object({
  product: Product.extend({ options: z.array(ProductOption), offers: z.array(MarkdownOffer).default([]) }),
});
export type ProductWithOptions = z.infer<typeof ProductDetail>['product'];

export const Category = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  productCount: z.number().int(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof Category>;
export const CategoryList = z.object({ categories: z.array(Category) });

export const Review = z.object({
  id: z.string(),
  productId: z.string(),
  userId: z.string(),
  userFullName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof Review>;
export const ReviewList = z.object({ reviews: z.array(Review) });

const stars = z.coerce
  .number({ error: 'Rating must be a number' })
  .int('Rating must be a whole number')
  .min(1, 'Rating must be between 1 and 5')
  .max(5, 'Rating must be between 1 and 5');

/** Spec 5: submit needs a rating and a non-empty comment; the rating defaults to 5 when missing. */
export const CreateReviewInput = z.object({
  rating: stars.default(5),
  comment: z
    .string({ error: 'Please write a comment' })
    .trim()
    .min(1, 'Please write a comment')
    .max(REVIEW_COMMENT_MAX, `Reviews can be at most ${REVIEW_COMMENT_MAX} characters`),
});
export type CreateReviewInput = z.input<typeof CreateReviewInput>;

export const RateProductInput = z.object({ rating: stars });
export type RateProductInput = z.input<typeof RateProductInput>;
export const MyRating = z.object({
  rating: z.number().int().nullable(),
  productRating: z.number(),
  ratingCount: z.number().int(),
});
export type MyRating = z.infer<typeof MyRating>;

export const SubscribeInput = z.object({
  email: z
    .string({ error: SUBSCRIBE_MESSAGES.invalidEmail })
    .trim()
    .max(254, SUBSCRIBE_MESSAGES.invalidEmail)
    .email(SUBSCRIBE_MESSAGES.invalidEmail)
    .transform((v) => v.toLowerCase()),
  type: z.enum(SUBSCRIPTION_TYPES).default('default'),
});
export type SubscribeInput = z.input<typeof SubscribeInput>;
export const Subscription = z.object({ id: z.string(), email: z.string(), type: z.enum(SUBSCRIPTION_TYPES), createdAt: z.string() });

export const PublicOutlet = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  openingHours: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type PublicOutlet = z.infer<typeof PublicOutlet>;
export const PublicOutletList = z.object({ outlets: z.array(PublicOutlet) });
