/** POST /api/products/{id}/reviews: a signed-in customer's review; its stars count as their rating. */
import type { CreateReviewInput, Review } from '@meatshop/shared/catalog';
import { api } from '@/lib/api-client';
import { useCachedMutation } from '@/lib/cached-mutation';

export function createReview(productId: string, input: CreateReviewInput) {
  return api.post<Review>(`/api/products/${encodeURIComponent(productId)}/reviews`, input);
}

export function useCreateReview(productId: string) {
  return useCachedMutation(
    (input: CreateReviewInput) => createReview(productId, input),
    (qc) => {
      void qc.invalidateQueries({ queryKey: ['product', productId] });
      void qc.invalidateQueries({ queryKey: ['products'] });
    },
  );
}
