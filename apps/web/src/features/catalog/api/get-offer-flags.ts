/** GET /api/products/offers: which products have near-date offers today, from what price (one request for the listing). */
import type { NearDateOfferList } from '@meatshop/shared/markdowns';
import { api } from '@/lib/api-client';
import { useCachedQuery } from '@/lib/cached-query';

export function useOfferFlags() {
  return useCachedQuery({
    queryKey: ['products', 'offers'],
    queryFn: ({ signal }) => api.get<NearDateOfferList>('/api/products/offers', { signal }),
    // A flag is a hint: the product page and the order price the offer again.
    select: (r) => new Map(r.offers.map((o) => [o.productId, o])),
    staleTime: 60_000,
  });
}
