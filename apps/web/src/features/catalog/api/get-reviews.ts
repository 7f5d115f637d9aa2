/** GET /api/products/{id}/reviews: newest first, with the reviewer's name. */
import type { Review } from '@meatshop/shared/catalog';
import { api } from '@/lib/api-client';
import { fromPage } from '@/lib/boot-data';
import { useCachedQuery } from '@/lib/cached-query';

const reviewsUrl = (productId: string) => `/api/products/${encodeURIComponent(productId)}/reviews`;

export function getReviews(productId: string, signal?: AbortSignal) {
  return api.get<{ reviews: Review[] }>(reviewsUrl(productId), { signal }).then((r) => r.reviews);
}

export function useReviews(productId: string, enabled: boolean) {
  return useCachedQuery({
    queryKey: ['product', productId, 'reviews'],
    queryFn: ({ signal }) => getReviews(productId, signal),
    enabled,
    // From the page when it carries them: the reviews render with the product, in one pass.
    ...fromPage(reviewsUrl(productId), (r: { reviews: Review[] }) => r.reviews),
  });
}
