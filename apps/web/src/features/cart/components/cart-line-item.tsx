/** One cart line: image, name, unit price (discount price and picked options), the cut and note, stepper, line total, remove. */
import { Trans, useLingui } from '@lingui/react/macro';
import { mediaSrcSet } from '@meatshop/shared/page-boot';
import { formatUGX } from '@meatshop/shared/money';
import { formatGrams } from '@meatshop/shared/weighing-rules';
import { Trash2 } from 'lucide-react';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { LineDetail } from '@/features/catalog/components/line-detail';
import { type CartLine, cartLineKey, cartLineMarkdown, cartUnitPrice, useShopStore } from '@/stores/shop-store';
import { useTradePrice } from '@/stores/trade-price-store';
import { QuantityStepper } from './quantity-stepper';

export function CartLineItem({ line }: { line: CartLine }) {
  const setQuantity = useShopStore((s) => s.setQuantity);
  const remove = useShopStore((s) => s.removeFromCart);
  const trade = useTradePrice(line.productId);
  const price = cartUnitPrice(line, trade?.unitPrice);
  const markdown = cartLineMarkdown(line);
  // Struck through: the list price, or for a near-date line the price it is marked down from (a
  // member's trade price when they have one).
  const was = markdown
    ? cartUnitPrice({ ...line, markdownPercent: null }, trade?.unitPrice)
    : !trade && line.discountPrice != null && line.discountPrice < line.price
      ? line.price
      : null;
  const key = cartLineKey(line);
  const { t } = useLingui();
  const grams = formatGrams(line.grams ?? 0);
  const perKg = formatUGX(cartUnitPrice({ ...line, grams: null }, trade?.unitPrice));
  const each = formatUGX(price);
  const inAll = formatGrams((line.grams ?? 0) * line.quantity);
  return (
    <li className="flex gap-4 py-5" data-testid="cart-line">
      <Link to={paths.product(line.productId)} className="shrink-0">
        {line.imageUrl ? (
          <img
            src={line.imageUrl}
            srcSet={mediaSrcSet(line.imageUrl)}
            sizes="96px"
            alt=""
            width={96}
            height={96}
            className="size-16 rounded-2xl bg-cream-deep object-cover sm:size-24"
            loading="lazy"
          />
        ) : (
          <span className="block size-16 rounded-2xl bg-cream-deep sm:size-24" />
        )}
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={paths.product(line.productId)} className="font-semibold text-ink hover:text-brand-700">
              {line.name}
            </Link>
            {line.grams ? (
              <p className="mt-1 text-sm text-muted" data-testid="cart-weight">
                {line.pieces ? t`Piece of about ${grams}` : t`About ${grams}`} · <span className="whitespace-nowrap">{perKg} / kg</span>
                <span className="block">
                  {line.quantity > 1 ? t`Estimated ${each} each · about ${inAll} in all` : t`Estimated ${each} each`}
                </span>
              </p>
            ) : (
              <p className="mt-1 text-sm text-muted">
                <Trans>{each} each</Trans>
                {was != null ? (
                  <span className="ml-2 text-muted line-through">
                    <span className="sr-only">
                      <Trans>was</Trans>{' '}
                    </span>
                    {formatUGX(was)}
                  </span>
                ) : null}
                {trade ? (
                  <span className="ml-2 font-semibold text-brand-700">
                    <Trans>Trade price</Trans>
                  </span>
                ) : null}
              </p>
            )}
            <LineDetail options={line.options} note={line.note} markdown={markdown} />
          </div>
          <button
            type="button"
            onClick={() => remove(key)}
            className="-mt-1.5 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-danger-soft hover:text-danger"
            aria-label={t`Remove ${line.name}`}
          >
            <Trash2 className="size-4.5" aria-hidden="true" />
          </button>
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <QuantityStepper value={line.quantity} label={line.name} onChange={(q) => setQuantity(key, q)} />
          <p className="ml-auto font-semibold whitespace-nowrap tabular-nums text-ink">{formatUGX(price * line.quantity)}</p>
        </div>
      </div>
    </li>
  );
}
