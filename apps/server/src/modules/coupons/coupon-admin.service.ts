/** Coupons management for the back office: list, create, edit percentage / expiry / limit, (de)activate. */
import type { AdminCoupon, AdminCreateCouponInput, AdminUpdateCouponInput } from '@meatshop/shared/admin-coupons';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type CouponRow, unusableReason } from './coupon-rules.ts';
import {
  type CouponInsert,
  deleteCouponByCode,
  findCouponByCode,
  insertCoupon,
  listAllCoupons,
  updateCouponByCode,
} from './coupons.repository.ts';

export function toAdminCoupon(c: CouponRow, now = new Date()): AdminCoupon {
  return {
    code: c.code,
    percent: c.percent,
    isActive: c.isActive,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    usageLimit: c.usageLimit,
    usedCount: c.usedCount,
    unusableReason: unusableReason(c, now),
    createdAt: c.createdAt.toISOString(),
  };
}

export async function listCoupons(tx: Tx) {
  const rows = await listAllCoupons(tx);
  return rows.map((c) => toAdminCoupon(c));
}

export async function createCoupon(tx: Tx, input: AdminCreateCouponInput) {
  const code = input.code.trim().toUpperCase();
  const row = await insertCoupon(tx, {
    code,
    percent: input.percent,
    isActive: input.isActive ?? true,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    usageLimit: input.usageLimit ?? null,
  });
  if (!row) throw new AppError('ALREADY_EXISTS', `A coupon with the code ${code} already exists.`, { code: 'This code is already used' });
  return toAdminCoupon(row);
}

export async function updateCoupon(tx: Tx, code: string, patch: AdminUpdateCouponInput) {
  const set: Partial<CouponInsert> = {};
  if (patch.percent !== undefined) set.percent = patch.percent;
  if (patch.isActive !== undefined) set.isActive = patch.isActive;
  if (patch.expiresAt !== undefined) set.expiresAt = patch.expiresAt ? new Date(patch.expiresAt) : null;
  if (patch.usageLimit !== undefined) set.usageLimit = patch.usageLimit;
  const key = code.trim().toUpperCase();
  const row = Object.keys(set).length ? await updateCouponByCode(tx, key, set) : await findCouponByCode(tx, key);
  if (!row) throw notFound('Coupon not found');
  return toAdminCoupon(row);
}

/** A used coupon is kept (orders name it); deleting is only for coupons nobody used yet. */
export async function deleteCoupon(tx: Tx, code: string) {
  const key = code.trim().toUpperCase();
  const row = await findCouponByCode(tx, key);
  if (!row) throw notFound('Coupon not found');
  if (row.usedCount > 0) throw new AppError('CONFLICT', 'This coupon has been used; deactivate it instead.');
  await deleteCouponByCode(tx, key);
}
