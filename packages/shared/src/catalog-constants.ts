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

/** The listing's filters as the storefront URL holds them, besides `q` for search. */
export const LISTING_FILTER_KEYS = ['category', 'minPrice', 'maxPrice', 'minRating', 'sort', 'inStock', 'onSale'] as const;
/** The listing query as the URL holds it: strings, validated by the server. */
export type ListingQuery = Partial<Record<(typeof LISTING_FILTER_KEYS)[number], string>>;

/**
 * The query GET /api/products is asked with for a storefront URL's parameters: the filters that are
 * set, and an unknown sort from a pasted link dropped (the default applies) rather than an error page.
 * The listing screen and the server (which sends the first answer inside the page) both use it.
 */
export function listingQuery(params: URLSearchParams): ListingQuery {
  const q: Record<string, string> = {};
  for (const k of LISTING_FILTER_KEYS) {
    const v = params.get(k);
    if (v) q[k] = v;
  }
  if (q.sort && !PRODUCT_SORTS.includes(q.sort as ProductSort)) delete q.sort;
  return q as ListingQuery;
}

export const SUBSCRIBE_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  subscribed: 'Thanks for subscribing!',
  already: "You're already subscribed!",
  failed: 'Failed to subscribe. Please try again.',
  onTheList: "You're on the list!",
} as const;

/** Stock display: 0 Out of Stock, below 10 Low Stock, else In Stock. */
export function stockLabel(stock: number): 'Out of Stock' | 'Low Stock' | 'In Stock' {
  if (stock <= 0) return 'Out of Stock';
  if (stock < 10) return 'Low Stock';
  return 'In Stock';
}
