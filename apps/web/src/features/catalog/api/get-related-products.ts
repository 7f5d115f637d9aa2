/** GET /api/products/{id}/related: up to 4 products of the same category. */
import type { ProductList } from '@meatshop/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getRelatedProducts(id: string, signal?: AbortSignal) {
  return api.get<ProductList>(`/api/products/${encodeURIComponent(id)}/related`, { signal }).then((r) => r.products);
}

export function useRelatedProducts(id: string, enabled: boolean) {
  return useQuery({ queryKey: ['product', id, 'related'], queryFn: ({ signal }) => getRelatedProducts(id, signal), enabled });
}
