/** Coupons as the back office manages them. Codes are stored upper-case. */
import { z } from 'zod';
import { calendarDateTime } from './text-rules.ts';

const code = z
  .string()
  .trim()
  .min(1, 'Please enter a coupon code')
  .max(32, 'Coupon codes are at most 32 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only')
  .transform((s) => s.toUpperCase());

const percent = z
  .number({ error: 'Percentage must be a number' })
  .int('Percentage must be a whole number')
  .min(1, 'Percentage must be between 1 and 100')
  .max(100, 'Percentage must be between 1 and 100');

const expiresAt = calendarDateTime('Please choose a valid expiry date').nullable();
const usageLimit = z.number().int('Usage limit must be a whole number').min(1, 'Usage limit must be at least 1').max(1_000_000).nullable();

export const AdminCreateCouponInput = z.object({
  code,
  percent,
  isActive: z.boolean().default(true),
  expiresAt: expiresAt.optional().default(null),
  usageLimit: usageLimit.optional().default(null),
});
export type AdminCreateCouponInput = z.input<typeof AdminCreateCouponInput>;

export const AdminUpdateCouponInput = z.object({
  percent: percent.optional(),
  isActive: z.boolean().optional(),
  expiresAt: expiresAt.optional(),
  usageLimit: usageLimit.optional(),
});
export type AdminUpdateCouponInput = z.infer<typeof AdminUpdateCouponInput>;

export const CouponCodeParams = z.object({ code: z.string().trim().min(1).max(32) });

export const AdminCoupon = z.object({
  code: z.string(),
  percent: z.number(),
  isActive: z.boolean(),
  expiresAt: z.string().nullable(),
  usageLimit: z.number().nullable(),
  usedCount: z.number(),
  /** Why the coupon cannot be used now, or null when it can. */
  unusableReason: z.enum(['inactive', 'expired', 'used_up']).nullable(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;

export const AdminCouponList = z.object({ coupons: z.array(AdminCoupon) });
export type AdminCouponList = z.infer<typeof AdminCouponList>;

export const COUPON_UNUSABLE_LABEL = { inactive: 'Inactive', expired: 'Expired', used_up: 'Used up' } as const;
