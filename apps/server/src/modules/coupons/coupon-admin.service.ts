/** Coupons management for the back office: list, create, edit percentage / expiry / limit, (de)activate. */
import type { AdminCoupon, AdminCreateCouponInput, AdminUpdateCouponInput } from '@meatshop/shared/admin-coupons';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit.service.ts';
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

/** What the trail keeps of a coupon: what staff set (not the use count, which checkout moves). */
const audited = (c: CouponRow) => ({
  percent: c.percent,
  isActive: c.isActive,
  expiresAt: c.expiresAt?.toISOString() ?? null,
  usageLimit: c.usageLimit,
});

export async function createCoupon(db: Db, by: AuditActor, input: AdminCreateCouponInput) {
  const code = input.code.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const row = await insertCoupon(tx, {
      code,
      percent: input.percent,
      isActive: input.isActive ?? true,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      usageLimit: input.usageLimit ?? null,
    });
    if (!row) throw new AppError('ALREADY_EXISTS', `A coupon with the code ${code} already exists.`, { code: 'This code is already used' });
    await recordAudit(tx, by, { entityType: 'coupon', entityId: code, action: 'create', after: audited(row) });
    return toAdminCoupon(row);
  });
}

export async function updateCoupon(db: Db, by: AuditActor, code: string, patch: AdminUpdateCouponInput) {
  return db.transaction(async (tx) => {
    const key = code.trim().toUpperCase();
    const before = await findCouponByCode(tx, key);
    if (!before) throw notFound('Coupon not found');
    const after = await changeCoupon(tx, key, patch);
    const change = changedFields(audited(before), audited(after));
    const only = Object.keys(change.after);
    const action = only.length === 1 && only[0] === 'isActive' ? (after.isActive ? 'activate' : 'deactivate') : 'update';
    await recordAudit(tx, by, { entityType: 'coupon', entityId: key, action, ...change });
    return toAdminCoupon(after);
  });
}

async function changeCoupon(tx: Tx, key: string, patch: AdminUpdateCouponInput) {
  const set: Partial<CouponInsert> = {};
  if (patch.percent !== undefined) set.percent = patch.percent;
  if (patch.isActive !== undefined) set.isActive = patch.isActive;
  if (patch.expiresAt !== undefined) set.expiresAt = patch.expiresAt ? new Date(patch.expiresAt) : null;
  if (patch.usageLimit !== undefined) set.usageLimit = patch.usageLimit;
  const row = Object.keys(set).length ? await updateCouponByCode(tx, key, set) : await findCouponByCode(tx, key);
  if (!row) throw notFound('Coupon not found');
  return row;
}

/** A used coupon is kept (orders name it); deleting is only for coupons nobody used yet. */
export async function deleteCoupon(db: Db, by: AuditActor, code: string) {
  const key = code.trim().toUpperCase();
  await db.transaction(async (tx) => {
    const row = await findCouponByCode(tx, key);
    if (!row) throw notFound('Coupon not found');
    if (row.usedCount > 0) throw new AppError('CONFLICT', 'This coupon has been used; deactivate it instead.');
    await deleteCouponByCode(tx, key);
    await recordAudit(tx, by, { entityType: 'coupon', entityId: key, action: 'delete', before: audited(row) });
  });
}
