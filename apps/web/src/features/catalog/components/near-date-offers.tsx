/**
 * Near-date offers on the product page: each use-by date on markdown today as its own line, "Best
 * before 28 Nov 2026", the lower price with the regular one struck through, how many are left when
 * few, and its own Add button. The line goes into the cart beside the regular one; the server
 * prices it again from the category's rule when the order is placed.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { MarkdownOffer } from '@meatshop/shared/markdowns';
import { bestBeforeLabel, formatUseBy, MARKDOWN_FEW_LEFT, markdownPrice } from '@meatshop/shared/markdown-rules';
import { formatUGX } from '@meatshop/shared/money';
import { Tag } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DiscountBadge } from './price-tag';

export function NearDateOffers({
  name,
  offers,
  regularPrice,
  onAdd,
}: {
  name: string;
  offers: MarkdownOffer[];
  /** The regular unit price with the picked options, which the offer's percent comes off. */
  regularPrice: number;
  onAdd: (offer: MarkdownOffer) => void;
}) {
  const { t } = useLingui();
  if (offers.length === 0) return null;
  return (
    <section
      aria-labelledby="offers-title"
      className="mt-6 rounded-3xl border border-brand-200 bg-brand-50 p-5"
      data-testid="near-date-offers"
    >
      <h2 id="offers-title" className="flex items-center gap-2 text-sm font-semibold tracking-wide text-ink uppercase">
        <Tag className="size-4 text-brand-700" aria-hidden="true" />
        <Trans>Near-date offers</Trans>
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        <Trans>The same cut, close to its date: enjoy it soon or freeze it on arrival.</Trans>
      </p>
      <ul className="mt-2 divide-y divide-brand-100">
        {offers.map((o) => {
          const price = markdownPrice(regularPrice, o.percent);
          return (
            <li key={o.useBy} className="flex items-center gap-3 py-3" data-testid="near-date-offer">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">{bestBeforeLabel(o.useBy)}</p>
                <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2">
                  <span className="text-lg font-bold whitespace-nowrap text-ink" data-testid="offer-price">
                    {formatUGX(price)}
                  </span>
                  <span className="inline-flex items-baseline gap-2">
                    <span className="text-sm whitespace-nowrap text-muted line-through">
                      <span className="sr-only">
                        <Trans>was</Trans>{' '}
                      </span>
                      {formatUGX(regularPrice)}
                    </span>
                    <DiscountBadge percent={o.percent} className="px-2 py-0.5" />
                  </span>
                </p>
                {o.left <= MARKDOWN_FEW_LEFT ? (
                  <p className="mt-0.5 text-sm font-medium text-brand-800">
                    <Trans>Only {o.left} left</Trans>
                  </p>
                ) : null}
              </div>
              <Button size="sm" onClick={() => onAdd(o)} aria-label={t`Add ${name}, best before ${formatUseBy(o.useBy)}, to cart`}>
                <Trans>Add</Trans>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
