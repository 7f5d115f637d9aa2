/** GET /api/products: the listing with its filters and sort (all done by the server, in SQL). */
import type { ProductList } from '@meatshop/shared/catalog';
import { api } from '@/lib/api-client';
import { fromPage } from '@/lib/boot-data';
import { useCachedQuery } from '@/lib/cached-query';
import type { ListingQuery } from '../hooks/use-listing-params';

export function getProducts(query: ListingQuery, signal?: AbortSignal) {
  return api.get<ProductList>('/api/products', { query, signal });
}

export function useProducts(query: ListingQuery) {
  const search = new URLSearchParams(query).toString();
  return useCachedQuery({
    queryKey: ['products', query],
    queryFn: ({ signal }) => getProducts(query, signal),
    keepPrevious: true,
    ...fromPage<ProductList>(search ? `/api/products?${search}` : '/api/products'),
  });
}
