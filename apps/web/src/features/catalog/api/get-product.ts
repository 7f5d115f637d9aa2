/** GET /api/products/{id}: one product with its category and the options a customer picks. */
import type { ProductWithOptions as Product } from '@meatshop/shared/catalog';
import { api } from '@/lib/api-client';
import { fromPage } from '@/lib/boot-data';
import { useCachedQuery } from '@/lib/cached-query';

export function getProduct(id: string, signal?: AbortSignal) {
  // A missing product is a final answer: no retries.
  return api.get<{ product: Product }>(`/api/products/${encodeURIComponent(id)}`, { signal, retries: 0 }).then((r) => r.product);
}

export function useProduct(id: string) {
  return useCachedQuery({
    queryKey: ['product', id],
    queryFn: ({ signal }) => getProduct(id, signal),
    ...fromPage(`/api/products/${encodeURIComponent(id)}`, (r: { product: Product }) => r.product),
  });
}
