/**
 * The public screens that read nothing through TanStack Query: their routes render without waiting
 * for it (apps/web/src/app/router.tsx), and the server's page plan preloads it only for the others
 * (apps/server/src/modules/web/page-plan.ts), so a first visit to one of them does not download it (about 10 KB
 * gzip). The contact page's outlets, the coming-soon sign-up and the cart's coupon check and quote
 * are plain requests for this reason (apps/web/src/features/site/api, features/cart/api).
 * A screen belongs here only while nothing it imports statically uses a query or a mutation
 * (apps/web/src/app/first-download.test.ts checks), since nothing would provide a client when it renders. The
 * listing and the product page read the catalog through `useCachedQuery` and `useCachedMutation`
 * (apps/web/src/lib/cached-query.ts), which render from the page's data and load the client after hydration.
 */
export const QUERY_FREE_SCREENS = [
  'home-screen',
  'about-screen',
  'discover-screen',
  'recipes-screen',
  'certifications-screen',
  'legal-screens',
  'contact-screen',
  'coming-soon-screen',
  'cart-screen',
  'products-screen',
  'product-detail-screen',
] as const;
export type QueryFreeScreen = (typeof QUERY_FREE_SCREENS)[number];
