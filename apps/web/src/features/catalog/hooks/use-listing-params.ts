/**
 * The listing's state lives in the URL, so back/forward and shared links work:
 * category, minPrice, maxPrice, minRating, sort, inStock, onSale, plus q for the search box.
 */
import { type LISTING_FILTER_KEYS, type ListingQuery, listingQuery, type ProductSort } from '@meatshop/shared/catalog-constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@/lib/router';

type FilterKey = (typeof LISTING_FILTER_KEYS)[number] | 'q';
export type { ListingQuery };

export function useListingParams() {
  const [params, setParams] = useSearchParams();

  const query = useMemo(() => listingQuery(params), [params]);

  const set = useCallback(
    (changes: Partial<Record<FilterKey, string | null>>) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === undefined || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      });
    },
    [setParams],
  );

  /** Clear All Filters: back to sort=featured only. */
  const clear = useCallback(() => setParams(new URLSearchParams({ sort: 'featured' })), [setParams]);

  return { query, search: params.get('q') ?? '', sort: (query.sort ?? 'featured') as ProductSort, set, clear };
}
