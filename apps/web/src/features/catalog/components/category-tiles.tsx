/** Shop by Category (mobile): one tile per category with its picture, linking to the filtered listing. */
import { Trans } from '@lingui/react/macro';
import type { Category } from '@meatshop/shared/catalog';
import { Link } from '@/lib/router';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { ProductImage } from './product-image';

/** Two rows of three tiles, the shape of the demo catalog's six categories. */
export function CategoryTilesSkeleton({ className }: { className?: string }) {
  return (
    <div className={className} aria-hidden="true">
      <div className="mb-3 h-7 w-40 rounded bg-cream-deep" />
      <div className="grid grid-cols-3 gap-2.5">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-[6.625rem] rounded-2xl border border-line bg-cream-deep" />
        ))}
      </div>
    </div>
  );
}

export function CategoryTiles({ categories, active, className }: { categories: Category[]; active?: string; className?: string }) {
  return (
    <section aria-labelledby="shop-by-category" className={className}>
      <h2 id="shop-by-category" className="mb-3 font-display text-lg font-semibold text-ink">
        <Trans>Shop by Category</Trans>
      </h2>
      <ul className="grid grid-cols-3 gap-2.5">
        {categories.map((c, i) => (
          <li key={c.id}>
            <Link
              to={paths.productsInCategory(c.slug)}
              className={cn(
                'block overflow-hidden rounded-2xl border bg-surface text-center',
                active === c.slug ? 'border-brand-700 ring-2 ring-brand-700/20' : 'border-line',
              )}
            >
              <ProductImage
                src={c.imageUrl ?? undefined}
                alt=""
                // The first three show without scrolling (the row scrolls sideways on a phone).
                loading={i < 3 ? 'eager' : 'lazy'}
                sizes="34vw"
                width={160}
                height={110}
                className="h-16 w-full object-cover"
              />
              {/* A fixed two-line box: a long name ("Goat and Lamb") wraps to two centred lines, every tile keeps its height. */}
              <span className="flex h-10 items-center justify-center px-2 text-xs leading-tight font-semibold text-balance text-ink">
                {c.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
