/** POST /api/products/{id}/reviews: a signed-in customer's review; its stars count as their rating. */
import type { CreateReviewInput, Review } from '@meatshop/shared/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function createReview(productId: string, input: CreateReviewInput) {
  return api.post<Review>(`/api/products/${encodeURIComponent(productId)}/reviews`, input);
}

export function useCreateReview(productId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => createReview(productId, input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['product', productId] });
      void qc.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
