/** Coupon input and answer (spec sections 4, 5 and 9): codes are trimmed and upper-cased. */
import { z } from 'zod';

import { COUPON_MESSAGES, normalizeCouponCode } from './coupon-constants.ts';

export { COUPON_MESSAGES, normalizeCouponCode } from './coupon-constants.ts';

export const couponCode = z
  .string()
  .max(40, COUPON_MESSAGES.invalid)
  .transform(normalizeCouponCode)
  .refine((v) => v.length > 0, COUPON_MESSAGES.empty);

export const CouponValidateInput = z.object({
  code: couponCode,
  /** The cart, so the server prices it from the database; the answer's discount is for these lines. */
  items: z
    .array(z.object({ productId: z.string().uuid(), quantity: z.number().int().min(1).max(10) }))
    .max(50)
    .default([]),
});
export type CouponValidateInput = z.input<typeof CouponValidateInput>;

export const CouponResult = z.object({
  code: z.string(),
  percent: z.number().int(),
  subtotal: z.number().int(),
  discountAmount: z.number().int(),
});
export type CouponResult = z.infer<typeof CouponResult>;
