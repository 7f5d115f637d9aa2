/** Money rules. Amounts are whole Uganda shillings (UGX has no minor unit). */
import { DELIVERY_FEE } from './constants.ts';

/**
 * `UGX 12,500`. Whole shillings grouped in threes, written out here: building an Intl number format
 * loads locale data, the single costliest step of a slow phone's first render of a price list.
 */
export function formatUGX(amount: number): string {
  return `UGX ${String(Math.round(amount)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

export interface PricedProduct {
  price: number;
  discountPrice?: number | null;
}

/** The price a line is charged at: the discount price when present and below the price. */
export function unitPrice(p: PricedProduct): number {
  return p.discountPrice != null && p.discountPrice < p.price ? p.discountPrice : p.price;
}

/**
 * Rounded percentage off (halves up), or null when there is no real discount. Worked in whole
 * numbers, floor((200 * off + price) / (2 * price)), so 29 off 200 is 15 (14.5 rounded), where
 * floating point would make it 14.499999999999998; the storefront listing computes the same in SQL
 * (catalog.repository findProductsJson).
 */
export function discountPercentage(p: PricedProduct): number | null {
  if (p.discountPrice == null || p.discountPrice >= p.price || p.price <= 0) return null;
  return Math.floor((200 * (p.price - p.discountPrice) + p.price) / (2 * p.price));
}

export interface TotalsInput {
  lines: { product: PricedProduct; quantity: number }[];
  couponPercent?: number | null;
  deliveryFee?: number;
}

export interface Totals {
  subtotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
}

/** Subtotal + delivery fee - coupon (a percentage of the subtotal, rounded to whole shillings). */
export function computeTotals({ lines, couponPercent, deliveryFee = DELIVERY_FEE }: TotalsInput): Totals {
  const subtotal = lines.reduce((sum, l) => sum + unitPrice(l.product) * l.quantity, 0);
  const discount = couponPercent ? Math.round((subtotal * couponPercent) / 100) : 0;
  return { subtotal, deliveryFee, discount, total: subtotal + deliveryFee - discount };
}
