/** GET /api/products/{id}/reviews: newest first, with the reviewer's name. */
import type { Review } from '@meatshop/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getReviews(productId: string, signal?: AbortSignal) {
  return api.get<{ reviews: Review[] }>(`/api/products/${encodeURIComponent(productId)}/reviews`, { signal }).then((r) => r.reviews);
}

export function useReviews(productId: string, enabled: boolean) {
  return useQuery({ queryKey: ['product', productId, 'reviews'], queryFn: ({ signal }) => getReviews(productId, signal), enabled });
}
