/** Coupon queries. A coupon is usable when active, not expired and under its usage limit. */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { coupons } from '../../db/schema/orders.ts';

const usable = and(
  eq(coupons.isActive, true),
  or(isNull(coupons.expiresAt), gt(coupons.expiresAt, sql`now()`)),
  or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit)),
);

export async function findUsableCoupon(tx: Tx, code: string) {
  const [row] = await tx
    .select({ code: coupons.code, percent: coupons.percent })
    .from(coupons)
    .where(and(eq(coupons.code, code), usable))
    .limit(1);
  return row;
}

/**
 * Counts one use, only while the coupon is still usable: the conditional update is the check, so two
 * orders racing for the last use cannot both get it.
 */
export async function redeemCoupon(tx: Tx, code: string) {
  const [row] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.code, code), usable))
    .returning({ code: coupons.code, percent: coupons.percent });
  return row;
}

/** Gives a use back when its order is cancelled. */
export async function releaseCoupon(tx: Tx, code: string) {
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.code, code));
}
