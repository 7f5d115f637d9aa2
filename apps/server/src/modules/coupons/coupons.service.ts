/** Coupon rules: percentage off the subtotal, checked only on the server. */
import { COUPON_MESSAGES } from '@meatshop/shared/coupons';
import { computeTotals } from '@meatshop/shared/money';
import type { Tx } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { findProductsForPricing } from '../orders/orders.repository.ts';
import { findUsableCoupon } from './coupons.repository.ts';

/** Checks a code against the coupons table and prices the cart from the database. */
export async function validateCoupon(tx: Tx, code: string, items: { productId: string; quantity: number }[]) {
  const coupon = await findUsableCoupon(tx, code);
  if (!coupon) throw invalid(COUPON_MESSAGES.invalid, { code: COUPON_MESSAGES.invalid });
  const found = await findProductsForPricing(
    tx,
    items.map((i) => i.productId),
  );
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines = items.flatMap((i) => {
    const product = byId.get(i.productId);
    return product ? [{ product, quantity: i.quantity }] : [];
  });
  const totals = computeTotals({ lines, couponPercent: coupon.percent });
  return { code: coupon.code, percent: coupon.percent, subtotal: totals.subtotal, discountAmount: totals.discount };
}
