/** GET /api/products/{id}: one product with its category and the options a customer picks. */
import type { ProductWithOptions as Product } from '@meatshop/shared/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fromPage } from '@/lib/boot-data';

export function getProduct(id: string, signal?: AbortSignal) {
  // A missing product is a final answer: no retries.
  return api.get<{ product: Product }>(`/api/products/${encodeURIComponent(id)}`, { signal, retries: 0 }).then((r) => r.product);
}

export const productQuery = (id: string) => queryOptions({ queryKey: ['product', id], queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: string) {
  return useQuery({ ...productQuery(id), ...fromPage(`/api/products/${encodeURIComponent(id)}`, (r: { product: Product }) => r.product) });
}
