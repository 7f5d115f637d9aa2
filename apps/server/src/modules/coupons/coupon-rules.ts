/**
 * Why a coupon cannot be used now, for the back office's list. Checkout enforces the same rule in
 * coupons.repository.ts (`findUsableCoupon`) and the database's take_coupon_use: active, not past
 * its expiry, under its usage limit.
 */
import type { coupons } from '../../db/schema/orders.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type UnusableReason = 'inactive' | 'expired' | 'used_up';

export function unusableReason(
  c: Pick<CouponRow, 'isActive' | 'expiresAt' | 'usageLimit' | 'usedCount'>,
  now = new Date(),
): UnusableReason | null {
  if (!c.isActive) return 'inactive';
  if (c.expiresAt && c.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (c.usageLimit != null && c.usedCount >= c.usageLimit) return 'used_up';
  return null;
}
