/**
 * Product detail /products/{id}: gallery, breadcrumb, rating, price with discount,
 * the options to pick (Cut: Whole / Cubed / Minced) and a note for the butcher,
 * quantity 1..stock, Add to Cart (visitors are sent to sign in), blurbs, description, availability,
 * reviews and related products. A malformed or unknown id: "Product not found", back to /products.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductWithOptions as Product } from '@meatshop/shared/catalog';
import type { OptionChoice } from '@meatshop/shared/product-options';
import { defaultChoice, OPTION_NOTE_MAX, priceWithOptions } from '@meatshop/shared/option-rules';
import type { MarkdownOffer } from '@meatshop/shared/markdowns';
import { bestBeforeLabel } from '@meatshop/shared/markdown-rules';
import { formatUGX, unitPrice } from '@meatshop/shared/money';
import { amountLabel, defaultAmount, estimateFor, formatGrams } from '@meatshop/shared/weighing-rules';
import { ChevronRight, Minus, Plus, ShieldCheck, ShoppingCart, Snowflake, Truck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '@/lib/router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useProduct } from '@/features/catalog/api/get-product';
import { useRelatedProducts } from '@/features/catalog/api/get-related-products';
import { toCartProduct } from '@/features/catalog/components/add-to-cart-button';
import { NearDateOffers } from '@/features/catalog/components/near-date-offers';
import { PriceTag } from '@/features/catalog/components/price-tag';
import { useTradePrice } from '@/stores/trade-price-store';
import { ProductCard } from '@/features/catalog/components/product-card';
import { ProductGallery } from '@/features/catalog/components/product-gallery';
import { ProductRating } from '@/features/catalog/components/product-rating';
import { ProductReviews } from '@/features/catalog/components/product-reviews';
import { StockBadge } from '@/features/catalog/components/stock-badge';
import { paths } from '@/lib/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useShopStore } from '@/stores/shop-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ProductDetailScreen() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const navigate = useNavigate();
  const product = useProduct(valid ? id : 'invalid');
  const failed = !valid || product.isError;
  const { t } = useLingui();

  useEffect(() => {
    if (!failed) return;
    toast.error(t`Product not found`, { id: 'product-not-found' });
    navigate(paths.products, { replace: true });
  }, [failed, navigate, t]);

  const p = product.data;
  useDocumentMeta(p?.name, p ? p.description.slice(0, 160) : undefined);

  if (!p) return <DetailSkeleton />;
  return <ProductDetail product={p} />;
}

function ProductDetail({ product: p }: { product: Product }) {
  const related = useRelatedProducts(p.id, true);
  const { t } = useLingui();
  return (
    <div className="container-page py-6 sm:py-10">
      <nav aria-label={t`Breadcrumb`} className="mb-6 text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to={paths.products} className="hover:text-brand-700">
              <Trans>Products</Trans>
            </Link>
          </li>
          {p.category ? (
            <>
              <ChevronRight className="size-3.5" aria-hidden="true" />
              <li>
                <Link to={paths.productsInCategory(p.category.slug)} className="hover:text-brand-700">
                  {p.category.name}
                </Link>
              </li>
            </>
          ) : null}
          <ChevronRight className="size-3.5" aria-hidden="true" />
          <li aria-current="page" className="font-medium text-ink">
            {p.name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-14">
        <ProductGallery images={p.imageUrls} name={p.name} />
        <div>
          {p.category ? <p className="eyebrow">{p.category.name}</p> : null}
          <h1 className="mt-2 font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{p.name}</h1>
          <div className="mt-3">
            <ProductRating product={p} />
          </div>
          <ProductPrice product={p} />
          <BuyBox product={p} />
          <ul className="mt-8 grid gap-3 sm:grid-cols-3">
            {[
              { icon: Truck, title: t`Same-day delivery`, text: t`Across Kampala` },
              { icon: Snowflake, title: t`Cold chain`, text: t`Chilled to your door` },
              { icon: ShieldCheck, title: t`Quality assured`, text: t`ISO 22000 certified` },
            ].map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex items-center gap-3 rounded-2xl bg-cream-deep p-3">
                <Icon className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span className="text-sm">
                  <span className="block font-semibold text-ink">{title}</span>
                  <span className="text-muted">{text}</span>
                </span>
              </li>
            ))}
          </ul>
          <section aria-labelledby="description-title" className="mt-8">
            <h2 id="description-title" className="text-lg font-semibold text-ink">
              <Trans>Description</Trans>
            </h2>
            <p className="mt-2 whitespace-pre-line leading-relaxed text-ink-soft">{p.description}</p>
          </section>
          <p className="mt-6 flex items-center gap-2 text-sm">
            <span className="font-semibold text-ink">
              <Trans>Availability:</Trans>
            </span>
            <StockBadge stock={p.stock} grams={!!p.weighing} />
            {p.stock > 0 ? (
              <span className="text-muted">{p.weighing ? t`about ${formatGrams(p.stock)} left` : t`${p.stock} left`}</span>
            ) : null}
          </p>
        </div>
      </div>

      <ProductReviews productId={p.id} />

      {related.data?.length ? (
        <section aria-labelledby="related-title" className="mt-14">
          <h2 id="related-title" className="font-display text-2xl font-semibold text-ink">
            <Trans>You may also like</Trans>
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
            {related.data.map((r) => (
              <li key={r.id} className="flex flex-col gap-2">
                <ProductCard product={r} className="flex-1" />
                <Button asChild variant="outline" size="sm">
                  <Link to={paths.product(r.id)} aria-label={t`View details of ${r.name}`}>
                    <Trans>View Details</Trans>
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** The price, a trade member's when they have one, with what their list asks of the quantity. */
function ProductPrice({ product: p }: { product: Product }) {
  const trade = useTradePrice(p.id);
  const { t } = useLingui();
  return (
    <>
      <PriceTag
        price={p.price}
        discountPrice={p.discountPrice}
        size="lg"
        className="mt-5"
        perKg={!!p.weighing}
        tradePrice={trade?.unitPrice}
      />
      {trade && (trade.minQuantity > 1 || trade.caseSize > 1) ? (
        <p className="mt-2 text-sm text-muted" data-testid="trade-terms">
          {[
            trade.minQuantity > 1 ? t`Order at least ${trade.minQuantity}` : null,
            trade.caseSize > 1 ? t`in cases of ${trade.caseSize}` : null,
          ]
            .filter(Boolean)
            .join(', ')}
        </p>
      ) : null}
    </>
  );
}

function BuyBox({ product: p }: { product: Product }) {
  const trade = useTradePrice(p.id);
  const base = trade?.unitPrice ?? unitPrice(p);
  // A member's list sets the step and the least they may order: start there, step by the case.
  const step = trade?.caseSize ?? 1;
  const least = trade ? Math.ceil(trade.minQuantity / step) * step : 1;
  const [qty, setQty] = useState(1);
  useEffect(() => setQty((q) => (q < least || q % step !== 0 ? least : q)), [least, step]);
  const [picked, setPicked] = useState<OptionChoice>(() => defaultChoice(p.options));
  const [note, setNote] = useState('');
  const w = p.weighing;
  const [grams, setGrams] = useState<number>(() => (w ? defaultAmount(w) : 0));
  const priced = priceWithOptions(p.name, base, p.options, picked);
  const perUnit = priced.ok ? priced.unitPrice : base;
  // Sold by weight: the price is per kg and one pack's estimate is that for the chosen grams.
  const each = w ? estimateFor(perUnit, grams) : perUnit;
  const user = useShopStore((s) => s.user);
  const addToCart = useShopStore((s) => s.addToCart);
  const navigate = useNavigate();
  const out = w ? p.stock < grams : p.stock <= 0;
  const max = Math.max(1, w ? Math.floor(p.stock / Math.max(1, grams)) : p.stock);
  const { t } = useLingui();

  const add = () => {
    if (!user) {
      toast.error(t`Please sign in to add items to cart`);
      navigate(paths.account);
      return;
    }
    if (!priced.ok) {
      toast.error(priced.message);
      return;
    }
    addToCart({ ...toCartProduct(p, w ? grams : undefined), options: priced.chosen, note: note.trim() || null }, Math.min(qty, max));
    toast.success(t`Added to cart`);
  };

  // A near-date offer is a line of its own, with the same picks and note as the regular one.
  const addOffer = (offer: MarkdownOffer) => {
    if (!user) {
      toast.error(t`Please sign in to add items to cart`);
      navigate(paths.account);
      return;
    }
    if (!priced.ok) {
      toast.error(priced.message);
      return;
    }
    addToCart(
      { ...toCartProduct(p), options: priced.chosen, note: note.trim() || null, bestBefore: offer.useBy, markdownPercent: offer.percent },
      1,
    );
    const label = bestBeforeLabel(offer.useBy);
    toast.success(t`Added to cart: ${label}`);
  };

  return (
    <>
      {w ? (
        <fieldset className="mt-6 rounded-3xl border border-line bg-surface p-5" data-testid="weight-choice">
          <legend className="sr-only">
            <Trans>How much</Trans>
          </legend>
          <p className="text-sm font-semibold tracking-wide text-ink uppercase">
            {w.pieces ? <Trans>Piece</Trans> : <Trans>How much</Trans>}
          </p>
          <div className="mt-2.5 flex flex-wrap gap-2">
            {w.amounts.map((a) => {
              const on = a === grams;
              return (
                <label
                  key={a}
                  className={`inline-flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                    on
                      ? 'border-brand-700 bg-brand-700 font-semibold text-white'
                      : 'border-line-strong bg-surface text-ink hover:border-brand-700'
                  }`}
                >
                  <input type="radio" className="sr-only" name="weight" value={a} checked={on} onChange={() => setGrams(a)} />
                  {amountLabel(w, a)}
                </label>
              );
            })}
          </div>
          <p className="mt-4 text-ink" data-testid="weight-estimate">
            <Trans>
              About <span className="font-semibold">{formatGrams(grams * qty)}</span> at {formatUGX(perUnit)} / kg
            </Trans>
          </p>
          <p className="mt-1 text-sm text-muted">
            <Trans>We weigh it when we pack it: you pay for the weight we pack, never more than this estimate.</Trans>
          </p>
        </fieldset>
      ) : null}
      {p.options.length > 0 ? (
        <div className="mt-6 space-y-5 rounded-3xl border border-line bg-surface p-5">
          {p.options.map((o) => (
            <fieldset key={o.name}>
              <legend className="text-sm font-semibold tracking-wide text-ink uppercase">{o.name}</legend>
              <div className="mt-2.5 flex flex-wrap gap-2">
                {o.values.map((v) => {
                  const on = picked[o.name] === v.label;
                  return (
                    <label
                      key={v.label}
                      className={`relative inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                        !v.available
                          ? 'cursor-not-allowed border-line text-muted line-through opacity-60'
                          : on
                            ? 'border-brand-700 bg-brand-700 font-semibold text-white'
                            : 'border-line-strong bg-surface text-ink hover:border-brand-700'
                      }`}
                    >
                      <input
                        type="radio"
                        className="sr-only"
                        name={`option-${o.name}`}
                        value={v.label}
                        checked={on}
                        disabled={!v.available}
                        onChange={() => setPicked((c) => ({ ...c, [o.name]: v.label }))}
                      />
                      {v.label}
                      {v.priceDelta !== 0 ? (
                        <span className={on ? 'text-white/80' : 'text-muted'}>
                          {v.priceDelta > 0 ? '+' : '−'}
                          {formatUGX(Math.abs(v.priceDelta))}
                          {w ? ' / kg' : ''}
                        </span>
                      ) : null}
                      {!v.available ? (
                        <span className="sr-only">
                          <Trans>(not available)</Trans>
                        </span>
                      ) : null}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
          <div>
            <label htmlFor="line-note" className="text-sm font-semibold tracking-wide text-ink uppercase">
              <Trans>
                Note for the butcher <span className="font-normal tracking-normal text-muted normal-case">(optional)</span>
              </Trans>
            </label>
            <input
              id="line-note"
              value={note}
              maxLength={OPTION_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              placeholder={t`e.g. 3 cm pieces, trim the fat`}
              className="mt-2 h-11 w-full rounded-2xl border border-line-strong bg-surface px-4 text-sm text-ink placeholder:text-muted focus:border-brand-700 focus:outline-none"
            />
            <p className="mt-1 text-right text-xs text-muted">
              {note.length}/{OPTION_NOTE_MAX}
            </p>
          </div>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <fieldset className="flex items-center rounded-full border border-line-strong bg-surface">
          <legend className="sr-only">
            <Trans>Quantity</Trans>
          </legend>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t`Decrease quantity`}
            disabled={out || qty <= least}
            onClick={() => setQty((q) => Math.max(least, q - step))}
          >
            <Minus className="size-4" aria-hidden="true" />
          </Button>
          <output className="w-10 text-center font-semibold" aria-live="polite" aria-label={t`Quantity`}>
            {qty}
          </output>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t`Increase quantity`}
            disabled={out || qty >= max}
            onClick={() => setQty((q) => Math.min(max, q + step))}
          >
            <Plus className="size-4" aria-hidden="true" />
          </Button>
        </fieldset>
        <Button size="lg" onClick={add} disabled={out} className="flex-1 sm:flex-none">
          <ShoppingCart className="size-5" aria-hidden="true" />
          {out ? <Trans>Out of Stock</Trans> : <Trans>Add to Cart</Trans>}
        </Button>
        {!out && (w || qty > 1 || each !== base) ? (
          <span className="w-full text-sm text-muted" data-testid="buy-total">
            {w ? `${t`Estimated`} ` : ''}
            {qty > 1 ? `${qty} × ${formatUGX(each)} = ` : ''}
            <span className="font-semibold text-ink">{formatUGX(each * qty)}</span>
          </span>
        ) : null}
      </div>
      {w ? null : <NearDateOffers name={p.name} offers={p.offers} regularPrice={perUnit} onAdd={addOffer} />}
    </>
  );
}

function DetailSkeleton() {
  const { t } = useLingui();
  return (
    <div className="container-page py-10" role="status" aria-busy="true" aria-label={t`Loading product`}>
      <div className="grid gap-8 lg:grid-cols-2">
        <Skeleton className="aspect-square w-full" />
        <div className="space-y-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-10 w-52" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      </div>
    </div>
  );
}
