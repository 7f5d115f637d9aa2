/** Coupon messages and code normalising without zod (for the cart screen); coupons.ts re-exports them. */
export const COUPON_MESSAGES = {
  empty: 'Please enter a coupon code',
  invalid: 'Invalid coupon code',
  failed: 'Failed to apply coupon',
  applied: 'Coupon applied successfully!',
} as const;

/** What the customer typed, as the server compares it: trimmed and upper-case. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();
