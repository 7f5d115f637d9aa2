/**
 * Product listing /products: filters in the URL and applied by the server, the
 * search box filtering the loaded list by name, description or category name, grid/list toggle,
 * mobile category tiles and filter panel, empty and error states.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { LayoutGrid, List, PackageSearch, Search, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, startTransition, useEffect, useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useOfferFlags } from '@/features/catalog/api/get-offer-flags';
import { useProducts } from '@/features/catalog/api/get-products';
import { CategoryTiles, CategoryTilesSkeleton } from '@/features/catalog/components/category-tiles';
import { ProductCard, ProductCardSkeleton } from '@/features/catalog/components/product-card';
import { ProductFilters } from '@/features/catalog/components/product-filters';
import { useListingParams } from '@/features/catalog/hooks/use-listing-params';
import { cn } from '@/lib/cn';
import { useDocumentMeta } from '@/lib/use-document-meta';

/**
 * The cards drawn with the page (and by the server): a phone's first screens of them. The rest of a
 * long listing follows at once as a background render, so it never delays the first paint.
 */
const FIRST_CARDS = 12;

export function ProductsScreen() {
  const { query, search, set, clear } = useListingParams();
  const products = useProducts(query);
  const offers = useOfferFlags();
  const categories = useCategories();
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [searchText, setSearchText] = useState(search);
  const [allCards, setAllCards] = useState(false);
  const { t } = useLingui();
  useEffect(() => startTransition(() => setAllCards(true)), []);
  useEffect(() => setSearchText(search), [search]);

  const category = categories.data?.find((c) => c.slug === query.category);
  const heading = category?.name ?? t`All Products`;
  useDocumentMeta(heading, category?.description ?? t`Premium sausages, cold cuts and fresh meat, delivered across Kampala.`);

  useEffect(() => {
    if (products.isError) toast.error(t`Failed to load products`, { id: 'products-load' });
  }, [products.isError, t]);

  // Spec 4: search filters the loaded list in place (case-insensitive substring).
  const shown = useMemo(() => {
    const list = products.data?.products ?? [];
    const needle = search.trim().toLowerCase();
    if (!needle) return list;
    return list.filter((p) => [p.name, p.description, p.category?.name ?? ''].some((field) => field.toLowerCase().includes(needle)));
  }, [products.data, search]);

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    set({ q: searchText.trim() || null });
  };

  return (
    <div className="container-page py-8 sm:py-10">
      {categories.data ? (
        <CategoryTiles categories={categories.data} active={query.category} className="mb-6 lg:hidden" />
      ) : categories.isPending ? (
        // The tiles' room while categories load, so the listing below does not jump (CLS).
        <CategoryTilesSkeleton className="mb-6 lg:hidden" />
      ) : null}

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{heading}</h1>
          <p className="mt-1 text-sm text-muted" aria-live="polite">
            {products.isPending ? t`Loading products…` : shown.length === 1 ? t`1 item` : t`${shown.length} items`}
          </p>
        </div>
        <div className="flex w-full items-center gap-3 sm:max-w-md lg:max-w-xl">
          <form onSubmit={submitSearch} className="flex w-full gap-2" aria-label={t`Search products`}>
            <Input
              type="search"
              aria-label={t`Search products`}
              placeholder={t`Search sausages, beef, bacon…`}
              value={searchText}
              onChange={(e) => {
                setSearchText(e.target.value);
                // Clearing the box restores the full list at once.
                if (!e.target.value) set({ q: null });
              }}
            />
            <Button type="submit">
              <Search className="size-4" aria-hidden="true" />
              <Trans>Search</Trans>
            </Button>
          </form>
          {/* On a wide screen the layout switch sits beside the search; below, beside Filters. */}
          <LayoutToggle layout={layout} setLayout={setLayout} className="hidden shrink-0 lg:flex" />
        </div>
      </div>

      <div className="mt-5 flex items-center justify-between gap-3 lg:hidden">
        <Button variant="outline" size="sm" className="lg:hidden" aria-expanded={filtersOpen} onClick={() => setFiltersOpen((o) => !o)}>
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {filtersOpen ? <Trans>Hide filters</Trans> : <Trans>Filters</Trans>}
        </Button>
        <LayoutToggle layout={layout} setLayout={setLayout} className="ml-auto" />
      </div>

      <div className="mt-5 grid gap-8 lg:grid-cols-[15rem_1fr]">
        <aside
          aria-label={t`Filters`}
          className={cn(
            'rounded-[var(--radius-card)] border border-line bg-surface p-5 lg:block lg:self-start',
            filtersOpen ? 'block' : 'hidden',
          )}
        >
          <ProductFilters categories={categories.data} query={query} set={set} clear={clear} />
        </aside>

        <section aria-labelledby="product-list-heading" aria-busy={products.isFetching}>
          <h2 id="product-list-heading" className="sr-only">
            <Trans>Products</Trans>
          </h2>
          {products.isPending ? (
            <div className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3">
              {Array.from({ length: 6 }, (_, i) => (
                <ProductCardSkeleton key={i} />
              ))}
            </div>
          ) : products.isError ? (
            <ErrorState message={t`Failed to load products`} onRetry={() => products.refetch()} retrying={products.isFetching} />
          ) : shown.length === 0 ? (
            <EmptyState
              icon={PackageSearch}
              title={t`No products found`}
              description={t`Try adjusting your search or filters`}
              action={
                <Button variant="outline" onClick={clear}>
                  <Trans>Clear All Filters</Trans>
                </Button>
              }
            />
          ) : (
            <ul
              className={cn(
                layout === 'grid' ? 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3' : 'flex flex-col gap-4',
                products.isPlaceholderData && 'opacity-60',
              )}
            >
              {(allCards ? shown : shown.slice(0, FIRST_CARDS)).map((p, i) => (
                <li key={p.id} className="flex">
                  <ProductCard product={p} layout={layout} priority={i < 2} offer={offers.data?.get(p.id)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** Grid or list: one switch, shown beside Filters on a phone or tablet and beside the search on a wide screen. */
function LayoutToggle({ layout, setLayout, className }: { layout: string; setLayout: (l: 'grid' | 'list') => void; className?: string }) {
  const { t } = useLingui();
  return (
    <fieldset className={cn('flex gap-1 rounded-full border border-line bg-surface p-1', className)}>
      <legend className="sr-only">
        <Trans>Layout</Trans>
      </legend>
      <Button
        size="icon-sm"
        variant={layout === 'grid' ? 'secondary' : 'ghost'}
        aria-pressed={layout === 'grid'}
        aria-label={t`Grid view`}
        onClick={() => setLayout('grid')}
      >
        <LayoutGrid className="size-4" aria-hidden="true" />
      </Button>
      <Button
        size="icon-sm"
        variant={layout === 'list' ? 'secondary' : 'ghost'}
        aria-pressed={layout === 'list'}
        aria-label={t`List view`}
        onClick={() => setLayout('list')}
      >
        <List className="size-4" aria-hidden="true" />
      </Button>
    </fieldset>
  );
}
