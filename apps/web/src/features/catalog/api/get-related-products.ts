/** GET /api/products/{id}/related: up to 4 products of the same category. */
import type { ProductList } from '@meatshop/shared/catalog';
import { api } from '@/lib/api-client';
import { fromPage } from '@/lib/boot-data';
import { useCachedQuery } from '@/lib/cached-query';

const relatedUrl = (id: string) => `/api/products/${encodeURIComponent(id)}/related`;

export function getRelatedProducts(id: string, signal?: AbortSignal) {
  return api.get<ProductList>(relatedUrl(id), { signal }).then((r) => r.products);
}

export function useRelatedProducts(id: string, enabled: boolean) {
  return useCachedQuery({
    queryKey: ['product', id, 'related'],
    queryFn: ({ signal }) => getRelatedProducts(id, signal),
    enabled,
    // From the page when it carries them: they render with the product, in one pass.
    ...fromPage(relatedUrl(id), (r: ProductList) => r.products),
  });
}
