/** The filter sidebar: category, price range, rating, stock and sale, sort, Clear All Filters. */
import type { Category } from '@meatshop/shared/catalog';
import { PRODUCT_SORT_LABEL, PRODUCT_SORTS, RATING_FILTERS } from '@meatshop/shared/catalog-constants';
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

const radio = 'size-4 accent-[var(--color-brand-700)]';

export function ProductFilters({ categories, query, set, clear }: Props) {
  const [minPrice, setMinPrice] = useState(String(query.minPrice ?? ''));
  const [maxPrice, setMaxPrice] = useState(String(query.maxPrice ?? ''));
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
        <legend className="mb-3 text-sm font-bold text-ink">Category</legend>
        <div className="space-y-2">
          <label className="flex cursor-pointer items-center gap-2.5 text-sm text-ink-soft">
            <input type="radio" name="category" className={radio} checked={!query.category} onChange={() => set({ category: null })} />
            All Categories
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
          Price range (UGX)
        </p>
        <div className="grid grid-cols-2 gap-2">
          <Input
            aria-label="Minimum price"
            placeholder="Min"
            inputMode="numeric"
            type="number"
            min={0}
            value={minPrice}
            onChange={(e) => setMinPrice(e.target.value)}
            onBlur={() => applyPrice()}
          />
          <Input
            aria-label="Maximum price"
            placeholder="Max"
            inputMode="numeric"
            type="number"
            min={0}
            value={maxPrice}
            onChange={(e) => setMaxPrice(e.target.value)}
            onBlur={() => applyPrice()}
          />
        </div>
        <Button type="submit" variant="outline" size="sm" className="mt-2 w-full">
          Apply price
        </Button>
      </form>

      <fieldset>
        <legend className="mb-3 text-sm font-bold text-ink">Rating</legend>
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
              {r}+ stars
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="mb-3 text-sm font-bold text-ink">Availability</legend>
        <label className="flex cursor-pointer items-center gap-2.5 text-sm text-ink-soft">
          <input
            type="checkbox"
            className={radio}
            checked={query.inStock === 'true'}
            onChange={(e) => set({ inStock: e.target.checked ? 'true' : null })}
          />
          In Stock Only
        </label>
        <label className="flex cursor-pointer items-center gap-2.5 text-sm text-ink-soft">
          <input
            type="checkbox"
            className={radio}
            checked={query.onSale === 'true'}
            onChange={(e) => set({ onSale: e.target.checked ? 'true' : null })}
          />
          On Sale
        </label>
      </fieldset>

      <div>
        <label htmlFor="sort-by" className="mb-3 block text-sm font-bold text-ink">
          Sort By
        </label>
        <Select id="sort-by" value={query.sort ?? 'featured'} onChange={(e) => set({ sort: e.target.value })}>
          {PRODUCT_SORTS.map((s) => (
            <option key={s} value={s}>
              {PRODUCT_SORT_LABEL[s]}
            </option>
          ))}
        </Select>
      </div>

      <Button variant="ghost" className="w-full border border-line" onClick={clear}>
        Clear All Filters
      </Button>
    </div>
  );
}
