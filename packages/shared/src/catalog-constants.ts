/**
 * The catalog's plain values (sorts, rating filters, newsletter messages), without zod, so storefront
 * screens that only need these do not download the schema library; catalog.ts re-exports them.
 */
export const PRODUCT_SORTS = ['featured', 'newest', 'price-asc', 'price-desc', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_SORT_LABEL: Record<ProductSort, string> = {
  featured: 'Featured',
  newest: 'Newest',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  rating: 'Highest Rated',
};
export const RATING_FILTERS = [4, 3, 2, 1] as const;

export const SUBSCRIBE_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  subscribed: 'Thanks for subscribing!',
  already: "You're already subscribed!",
  failed: 'Failed to subscribe. Please try again.',
  onTheList: "You're on the list!",
} as const;
