/** GET/PUT /api/products/{id}/rating: the signed-in customer's one rating of a product (upserted). */
import type { MyRating } from '@meatshop/shared/catalog';
import { api } from '@/lib/api-client';
import { useCachedMutation } from '@/lib/cached-mutation';
import { useCachedQuery } from '@/lib/cached-query';

const key = (productId: string) => ['product', productId, 'my-rating'];

export function getMyRating(productId: string, signal?: AbortSignal) {
  return api.get<MyRating>(`/api/products/${encodeURIComponent(productId)}/rating`, { signal });
}

export function useMyRating(productId: string, enabled: boolean) {
  return useCachedQuery({ queryKey: key(productId), queryFn: ({ signal }) => getMyRating(productId, signal), enabled });
}

export function rateProduct(productId: string, rating: number) {
  return api.put<MyRating>(`/api/products/${encodeURIComponent(productId)}/rating`, { rating });
}

export function useRateProduct(productId: string) {
  return useCachedMutation(
    (rating: number) => rateProduct(productId, rating),
    (qc, data) => {
      qc.setQueryData(key(productId), data);
      void qc.invalidateQueries({ queryKey: ['product', productId], exact: true });
      void qc.invalidateQueries({ queryKey: ['products'] });
    },
  );
}
