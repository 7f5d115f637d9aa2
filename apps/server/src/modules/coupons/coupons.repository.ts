/** Coupon queries. A coupon is usable when active, not expired and under its usage limit. */
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { coupons } from '../../db/schema/orders.ts';
import { pgErrorCode } from '../../platform/errors.ts';

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
 * Counts one use, only while the coupon is still usable (the same rule as `usable`, in the database's
 * take_coupon_use): the conditional update is the check, so two orders racing for the last use cannot
 * both get it. A statement for the order's contended tail (db/commit-with.ts): when no use is left it
 * raises, which `isCouponUsedUp` recognises.
 */
export function couponUseStatement(code: string) {
  return sql`SELECT take_coupon_use(${code})`;
}

export const isCouponUsedUp = (err: unknown) => pgErrorCode(err) === 'MS003';

/** Gives a use back when its order is cancelled. */
export async function releaseCoupon(tx: Tx, code: string) {
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.code, code));
}

export type CouponInsert = typeof coupons.$inferInsert;

/** Every coupon, by code (the back office's list). */
export function listAllCoupons(tx: Tx) {
  return tx.select().from(coupons).orderBy(asc(coupons.code));
}

export async function findCouponByCode(tx: Tx, code: string) {
  const [row] = await tx.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row;
}

/** Inserts unless the code exists; returns undefined on a duplicate. */
export async function insertCoupon(tx: Tx, values: CouponInsert) {
  const [row] = await tx.insert(coupons).values(values).onConflictDoNothing().returning();
  return row;
}

/** Returns the updated row, or undefined when there is no such coupon. */
export async function updateCouponByCode(tx: Tx, code: string, set: Partial<CouponInsert>) {
  const [row] = await tx.update(coupons).set(set).where(eq(coupons.code, code)).returning();
  return row;
}

export async function deleteCouponByCode(tx: Tx, code: string) {
  await tx.delete(coupons).where(eq(coupons.code, code));
}
