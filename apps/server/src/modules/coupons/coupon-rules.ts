/**
 * When a coupon may be used (issue 9 item 10): active, not past its expiry, and under its usage
 * limit. Checkout calls `assertCouponUsable` inside its order transaction and then `consumeCoupon`,
 * whose conditional update keeps the limit under concurrent orders.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { coupons } from '../../db/schema/orders.ts';
import { AppError } from '../../platform/errors.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type UnusableReason = 'inactive' | 'expired' | 'used_up';

export const COUPON_MESSAGES: Record<UnusableReason | 'unknown', string> = {
  unknown: 'Invalid coupon code',
  inactive: 'This coupon is no longer active',
  expired: 'This coupon has expired',
  used_up: 'This coupon has reached its usage limit',
};

export function unusableReason(
  c: Pick<CouponRow, 'isActive' | 'expiresAt' | 'usageLimit' | 'usedCount'>,
  now = new Date(),
): UnusableReason | null {
  if (!c.isActive) return 'inactive';
  if (c.expiresAt && c.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (c.usageLimit != null && c.usedCount >= c.usageLimit) return 'used_up';
  return null;
}

/** The coupon for a code the customer typed (case-insensitive), or a 422 naming why it cannot be used. */
export async function assertCouponUsable(tx: Tx, code: string, now = new Date()): Promise<CouponRow> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase())).limit(1);
  if (!row) throw new AppError('RULE_BROKEN', COUPON_MESSAGES.unknown, { couponCode: COUPON_MESSAGES.unknown });
  const reason = unusableReason(row, now);
  if (reason) throw new AppError('RULE_BROKEN', COUPON_MESSAGES[reason], { couponCode: COUPON_MESSAGES[reason] });
  return row;
}

/** Counts one use; refuses when a concurrent order took the last one (never passes the limit). */
export async function consumeCoupon(tx: Tx, code: string, now = new Date()): Promise<void> {
  const rows = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.code, code.trim().toUpperCase()),
        eq(coupons.isActive, true),
        or(isNull(coupons.expiresAt), sql`${coupons.expiresAt} > ${now.toISOString()}`),
        or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`),
      ),
    )
    .returning({ code: coupons.code });
  if (rows.length === 0) throw new AppError('RULE_BROKEN', COUPON_MESSAGES.used_up, { couponCode: COUPON_MESSAGES.used_up });
}
