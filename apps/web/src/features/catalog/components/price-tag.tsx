/** The price a shopper pays, the crossed-out list price and the rounded discount badge (spec 3). */
import { Trans } from '@lingui/react/macro';
import { discountPercentage, formatUGX, unitPrice } from '@meatshop/shared/money';
import { cn } from '@/lib/cn';

interface PriceTagProps {
  price: number;
  discountPrice: number | null;
  size?: 'md' | 'lg';
  className?: string;
  /** Sold by weight: the prices are per kg. */
  perKg?: boolean;
  /** A signed-in trade member's price: shown in place of retail, with retail struck through. */
  tradePrice?: number | undefined;
}

export function PriceTag({ price, discountPrice, size = 'md', className, perKg, tradePrice }: PriceTagProps) {
  if (tradePrice !== undefined)
    return (
      <TradePriceTag retail={unitPrice({ price, discountPrice })} trade={tradePrice} size={size} className={className} perKg={perKg} />
    );
  const pays = unitPrice({ price, discountPrice });
  const off = discountPercentage({ price, discountPrice });
  return (
    <span className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cn('font-bold text-ink', size === 'lg' ? 'text-3xl' : 'text-lg')} data-testid="price">
        <span className="whitespace-nowrap">{formatUGX(pays)}</span>
        {/* On a narrow card "/ kg" goes under the amount rather than out of the card. */}
        {perKg ? (
          <>
            {' '}
            <span className={cn('font-semibold whitespace-nowrap text-muted', size === 'lg' ? 'text-xl' : 'text-sm')}>/ kg</span>
          </>
        ) : null}
      </span>
      {off ? (
        // The list price and its badge wrap together under the price on a narrow phone, never the badge alone.
        <span className="inline-flex items-baseline gap-2">
          <span className={cn('whitespace-nowrap text-muted line-through', size === 'lg' ? 'text-lg' : 'text-sm')}>
            <span className="sr-only">
              <Trans>was</Trans>{' '}
            </span>
            {formatUGX(price)}
          </span>
          {size === 'lg' ? <DiscountBadge percent={off} /> : null}
        </span>
      ) : null}
    </span>
  );
}

function TradePriceTag({
  retail,
  trade,
  size,
  className,
  perKg,
}: {
  retail: number;
  trade: number;
  size: 'md' | 'lg';
  className?: string | undefined;
  perKg?: boolean | undefined;
}) {
  return (
    <span className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cn('font-bold text-ink', size === 'lg' ? 'text-3xl' : 'text-lg')} data-testid="price">
        <span className="whitespace-nowrap">{formatUGX(trade)}</span>
        {/* On a narrow card "/ kg" goes under the amount rather than out of the card. */}
        {perKg ? (
          <>
            {' '}
            <span className={cn('font-semibold whitespace-nowrap text-muted', size === 'lg' ? 'text-xl' : 'text-sm')}>/ kg</span>
          </>
        ) : null}
      </span>
      <span className="inline-flex items-baseline gap-2">
        {trade < retail ? (
          <span className={cn('whitespace-nowrap text-muted line-through', size === 'lg' ? 'text-lg' : 'text-sm')}>
            <span className="sr-only">
              <Trans>retail</Trans>{' '}
            </span>
            {formatUGX(retail)}
          </span>
        ) : null}
        <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase" data-testid="trade-price">
          <Trans>Trade price</Trans>
        </span>
      </span>
    </span>
  );
}

export function DiscountBadge({ percent, className }: { percent: number; className?: string }) {
  return <span className={cn('rounded-full bg-brand-700 px-2.5 py-1 text-xs font-bold text-white shadow-sm', className)}>-{percent}%</span>;
}
