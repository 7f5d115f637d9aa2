/** A product in the listing, as a grid tile or a list row; the whole card links to its page. */
import { Trans } from '@lingui/react/macro';
import { formatUGX, unitPrice } from '@meatshop/shared/money';
import { amountLabel, estimateFor, formatGrams } from '@meatshop/shared/weighing-rules';
import type { Product } from '@meatshop/shared/catalog';
import type { ProductOfferFlag } from '@meatshop/shared/markdowns';
import { Tag } from 'lucide-react';
import { MEDIA_SIZES } from '@meatshop/shared/page-boot';
import { Link } from '@/lib/router';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { AddToCartButton } from './add-to-cart-button';
import { DiscountBadge, PriceTag } from './price-tag';
import { ProductImage } from './product-image';
import { Stars } from './star-rating';
import { StockBadge } from './stock-badge';
import { useTradePrice } from '@/stores/trade-price-store';

/**
 * `priority`: the card is in the listing's first row, where a phone shows it without scrolling: its
 * picture loads at once (the server preloads the first ones with the page), not lazily.
 */
export function ProductCard({
  product,
  layout = 'grid',
  priority = false,
  offer,
  className,
}: {
  product: Product;
  /** Near-date offers of it today, from the listing's one request for them. */
  offer?: Pick<ProductOfferFlag, 'from'> | undefined;
  layout?: 'grid' | 'list';
  priority?: boolean;
  className?: string;
}) {
  const list = layout === 'list';
  const trade = useTradePrice(product.id);
  return (
    <article
      className={cn(
        'group relative flex w-full overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface transition-shadow hover:shadow-lift',
        list ? 'flex-row' : 'flex-col',
        className,
      )}
      data-testid="product-card"
    >
      <div className={cn('relative shrink-0 overflow-hidden bg-cream-deep', list ? 'w-32 sm:w-48' : 'aspect-square w-full')}>
        <ProductImage
          src={product.imageUrls[0]}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          sizes={list ? '(min-width: 640px) 12rem, 8rem' : MEDIA_SIZES.card}
          width={400}
          height={400}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        {!trade && product.discountPercentage ? (
          <DiscountBadge percent={product.discountPercentage} className="absolute top-3 left-3" />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {product.category ? <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{product.category.name}</p> : null}
        <h3 className="font-semibold leading-snug text-ink">
          <Link to={paths.product(product.id)} className="after:absolute after:inset-0 focus-visible:outline-none">
            {product.name}
          </Link>
        </h3>
        {list ? <p className="line-clamp-2 text-sm text-muted">{product.description}</p> : null}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          <Stars value={product.rating} />
          {product.ratingCount ? (
            <span className="whitespace-nowrap">({product.ratingCount})</span>
          ) : (
            <span>
              <Trans>No ratings yet</Trans>
            </span>
          )}
        </div>
        {/*
          Price above, stock badge on its own line below, on every card: whether a crossed-out price
          fits beside the price no longer decides where the badge goes, so badges in a row line up.
          The price a shopper pays sits on the bottom line (a crossed-out price wraps above it).
        */}
        <div className="mt-auto flex flex-col items-start gap-1.5 pt-2">
          <PriceTag
            price={product.price}
            discountPrice={product.discountPrice}
            className="flex-wrap-reverse"
            perKg={!!product.weighing}
            tradePrice={trade?.unitPrice}
          />
          {product.weighing ? (
            <p className="text-xs text-muted" data-testid="card-weight">
              {amountLabel(product.weighing, product.weighing.amounts[0] ?? 0)} ≈{' '}
              {formatUGX(estimateFor(trade?.unitPrice ?? unitPrice(product), product.weighing.amounts[0] ?? 0))}
              {product.weighing.amounts.length > 1 ? (
                <>
                  {' · '}
                  <Trans>up to {formatGrams(product.weighing.amounts.at(-1) ?? 0)}</Trans>
                </>
              ) : null}
            </p>
          ) : null}
          {offer && !product.weighing ? (
            <p className="flex items-center gap-1 text-xs font-medium text-brand-800" data-testid="card-offer">
              <Tag className="size-3.5 shrink-0" aria-hidden="true" />
              <Trans>Best before offer from {formatUGX(offer.from)}</Trans>
            </p>
          ) : null}
          <StockBadge stock={product.stock} grams={!!product.weighing} />
        </div>
        {/* Above the card's stretched link so it stays clickable. On a phone's two-column grid the
            icon gives its room to the words ("Add to Cart" then fits one line); Luganda's and
            Swahili's longer words may still take two. */}
        <div className="relative z-10 pt-1">
          <AddToCartButton
            product={product}
            className="h-auto min-h-9 w-full gap-1.5 whitespace-normal px-2 py-1.5 leading-tight max-[399px]:[&>svg]:hidden"
          />
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface" aria-hidden="true">
      <div className="aspect-square w-full animate-pulse bg-line/70" />
      <div className="space-y-3 p-4">
        <div className="h-3 w-1/3 animate-pulse rounded bg-line/70" />
        <div className="h-4 w-3/4 animate-pulse rounded bg-line/70" />
        <div className="h-5 w-1/2 animate-pulse rounded bg-line/70" />
        <div className="h-9 w-full animate-pulse rounded-full bg-line/70" />
      </div>
    </div>
  );
}
