/**
 * The listing's state lives in the URL (spec section 2), so back/forward and shared links work:
 * category, minPrice, maxPrice, minRating, sort, inStock, onSale, plus q for the search box.
 */
import type { ProductSort } from '@meatshop/shared/catalog';
import { PRODUCT_SORTS } from '@meatshop/shared/catalog-constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const FILTER_KEYS = ['category', 'minPrice', 'maxPrice', 'minRating', 'sort', 'inStock', 'onSale'] as const;
type FilterKey = (typeof FILTER_KEYS)[number] | 'q';
/** The listing query as the URL holds it: strings, validated by the server. */
export type ListingQuery = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

export function useListingParams() {
  const [params, setParams] = useSearchParams();

  const query = useMemo(() => {
    const q: Record<string, string> = {};
    for (const k of FILTER_KEYS) {
      const v = params.get(k);
      if (v) q[k] = v;
    }
    // An unknown sort in a pasted link falls back to the default rather than an error page.
    if (q.sort && !PRODUCT_SORTS.includes(q.sort as ProductSort)) delete q.sort;
    return q as ListingQuery;
  }, [params]);

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

  /** Clear All Filters: back to sort=featured only (spec section 2). */
  const clear = useCallback(() => setParams(new URLSearchParams({ sort: 'featured' })), [setParams]);

  return { query, search: params.get('q') ?? '', sort: (query.sort ?? 'featured') as ProductSort, set, clear };
}
