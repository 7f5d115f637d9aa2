/**
 * The cart's money as the shopper sees it: the shared money rules (discount price when
 * present, flat delivery fee) with the coupon's discount as the server last priced it. The server
 * recomputes everything when the order is placed; this is only the preview.
 */
import { computeTotals } from '@meatshop/shared/money';
import { useEffect, useMemo } from 'react';
import { cartUnitPrice, useShopStore } from '@/stores/shop-store';
import { useTradePriceStore } from '@/stores/trade-price-store';
import { useCouponQuote } from '../api/validate-coupon';

export function useCartSummary() {
  const cart = useShopStore((s) => s.cart);
  const couponCode = useShopStore((s) => s.couponCode);
  const storedDiscount = useShopStore((s) => s.discountAmount);
  const tradePrices = useTradePriceStore((s) => s.prices);
  const items = useMemo(() => cart.map((l) => ({ productId: l.productId, quantity: l.quantity })), [cart]);
  const quote = useCouponQuote(couponCode, items);

  useEffect(() => {
    if (!quote.data) return;
    const { applyCoupon } = useShopStore.getState();
    if (quote.data.discountAmount !== useShopStore.getState().discountAmount) applyCoupon(quote.data.code, quote.data.discountAmount);
  }, [quote.data]);

  const base = computeTotals({
    lines: cart.map((l) => ({
      product: { price: cartUnitPrice(l, tradePrices[l.productId]?.unitPrice), discountPrice: null },
      quantity: l.quantity,
    })),
  });
  // The coupon's percent of this cart's subtotal, as placement computes it: the quote's own amount is
  // priced per unit and per kg without the amounts and options picked here.
  const quoted = quote.data ? Math.round((base.subtotal * quote.data.percent) / 100) : storedDiscount;
  const discount = couponCode ? Math.min(quoted, base.subtotal) : 0;
  return {
    cart,
    items,
    couponCode,
    count: cart.reduce((n, l) => n + l.quantity, 0),
    subtotal: base.subtotal,
    deliveryFee: base.deliveryFee,
    discount,
    total: base.subtotal + base.deliveryFee - discount,
    quoting: quote.isFetching,
    /** Some lines are sold by weight: the totals are estimates, settled at packing. */
    weighed: cart.some((l) => !!l.grams),
  };
}
