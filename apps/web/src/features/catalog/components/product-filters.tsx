/** The filter sidebar: category, price range, rating, stock and sale, sort, Clear All Filters. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Category } from '@meatshop/shared/catalog';
import { PRODUCT_SORTS, type ProductSort, RATING_FILTERS } from '@meatshop/shared/catalog-constants';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { ListingQuery, useListingParams } from '../hooks/use-listing-params';

interface Props {
  categories: Category[] | undefined;
  query: ListingQuery;
  set: ReturnType<typeof useListingParams>['set'];
  clear: () => void;
}

// The sort names of PRODUCT_SORT_LABEL, in the page's language.
const SORT_LABELS: Record<ProductSort, MessageDescriptor> = {
  featured: msg`Featured`,
  newest: msg`Newest`,
  'price-asc': msg`Price: Low to High`,
  'price-desc': msg`Price: High to Low`,
  rating: msg`Highest Rated`,
};

const radio = 'size-4 accent-[var(--color-brand-700)]';

export function ProductFilters({ categories, query, set, clear }: Props) {
  const [minPrice, setMinPrice] = useState(String(query.minPrice ?? ''));
  const [maxPrice, setMaxPrice] = useState(String(query.maxPrice ?? ''));
  const { t, i18n } = useLingui();
  // Back/forward changes the URL: keep the boxes in step with it.
  useEffect(() => setMinPrice(String(query.minPrice ?? '')), [query.minPrice]);
  useEffect(() => setMaxPrice(String(query.maxPrice ?? '')), [query.maxPrice]);

  const applyPrice = (e?: FormEvent) => {
    e?.preventDefault();
    set({ minPrice: minPrice.trim() || null, maxPrice: maxPrice.trim() || null });
  };

  return (
    <div className="space-y-7">
      <fieldset>
        <legend className="mb-3 text-sm font-bold text-ink">
          <Trans>Category</Trans>
        </legend>
        <div className="space-y-2">
          <label className="flex cursor-pointer items-center gap-2.5 text-sm text-ink-soft">
            <input type="radio" name="category" className={radio} checked={!query.category} onChange={() => set({ category: null })} />
            <Trans>All Categories</Trans>
          </label>
          {categories?.map((c) => (
            <label key={c.id} className="flex cursor-pointer items-center gap-2.5 text-sm text-ink-soft">
              <input
                type="radio"
                name="category"
                className={radio}
                checked={query.category === c.slug}
                onChange={() => set({ category: c.slug })}
              />
              <span className="flex-1">{c.name}</span>
              <span className="text-xs text-muted">{c.productCount}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <form onSubmit={applyPrice} aria-labelledby="price-range-label">
        <p id="price-range-label" className="mb-3 text-sm font-bold text-ink">
          <Trans>Price range (UGX)</Trans>
        </p>
        <div className="grid grid-cols-2 gap-2">
          <Input
            aria-label={t`Minimum price`}
            placeholder={t`Min`}
            inputMode="numeric"
            type="number"
            min={0}
            value={minPrice}
            onChange={(e) => setMinPrice(e.target.value)}
            onBlur={() => applyPrice()}
          />
          <Input
            aria-label={t`Maximum price`}
            placeholder={t`Max`}
            inputMode="numeric"
            type="number"
            min={0}
            value={maxPrice}
            onChange={(e) => setMaxPrice(e.target.value)}
            onBlur={() => applyPrice()}
          />
        </div>
        <Button type="submit" variant="outline" size="sm" className="mt-2 w-full">
          <Trans>Apply price</Trans>
        </Button>
      </form>

      <fieldset>
        <legend className="mb-3 text-sm font-bold text-ink">
          <Trans>Rating</Trans>
        </legend>
        <div className="space-y-2">
          {RATING_FILTERS.map((r) => (
            <label key={r} className="flex cursor-pointer items-center gap-2.5 text-sm text-ink-soft">
              <input
                type="radio"
                name="minRating"
                className={radio}
                checked={Number(query.minRating) === r}
                onChange={() => set({ minRating: String(r) })}
              />
              <Trans>{r}+ stars</Trans>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="mb-3 text-sm font-bold text-ink">
          <Trans>Availability</Trans>
        </legend>
        <label className="flex cursor-pointer items-center gap-2.5 text-sm text-ink-soft">
          <input
            type="checkbox"
            className={radio}
            checked={query.inStock === 'true'}
            onChange={(e) => set({ inStock: e.target.checked ? 'true' : null })}
          />
          <Trans>In Stock Only</Trans>
        </label>
        <label className="flex cursor-pointer items-center gap-2.5 text-sm text-ink-soft">
          <input
            type="checkbox"
            className={radio}
            checked={query.onSale === 'true'}
            onChange={(e) => set({ onSale: e.target.checked ? 'true' : null })}
          />
          <Trans>On Sale</Trans>
        </label>
      </fieldset>

      <div>
        <label htmlFor="sort-by" className="mb-3 block text-sm font-bold text-ink">
          <Trans>Sort By</Trans>
        </label>
        <Select id="sort-by" value={query.sort ?? 'featured'} onChange={(e) => set({ sort: e.target.value })}>
          {PRODUCT_SORTS.map((s) => (
            <option key={s} value={s}>
              {i18n._(SORT_LABELS[s])}
            </option>
          ))}
        </Select>
      </div>

      <Button variant="ghost" className="w-full border border-line" onClick={clear}>
        <Trans>Clear All Filters</Trans>
      </Button>
    </div>
  );
}
