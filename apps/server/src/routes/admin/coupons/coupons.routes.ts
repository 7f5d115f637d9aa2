/** /api/admin/coupons: create, edit percentage / expiry / usage limit, activate or deactivate, delete unused. */
import {
  AdminCoupon,
  AdminCouponList,
  AdminCreateCouponInput,
  AdminUpdateCouponInput,
  CouponCodeParams,
} from '@meatshop/shared/admin-coupons';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from '../../../modules/coupons/coupon-admin.service.ts';
import { defaultAccess } from '../../../modules/accounts/access.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';

export default async function couponsRoutes(app: App) {
  defaultAccess(app, 'admin');
  const { db } = app.deps;
  const tags = ['admin: coupons'];

  app.get('/', { schema: { tags, response: { 200: AdminCouponList } } }, async () => ({ coupons: await listCoupons(db) }));

  app.post(
    '/',
    { config: { errors: ['ALREADY_EXISTS'] }, schema: { tags, body: AdminCreateCouponInput, response: { 201: AdminCoupon } } },
    async (req, reply) => reply.code(201).send(await createCoupon(db, await staffActor(req), req.body)),
  );

  app.patch(
    '/:code',
    { schema: { tags, params: CouponCodeParams, body: AdminUpdateCouponInput, response: { 200: AdminCoupon } } },
    async (req) => updateCoupon(db, await staffActor(req), req.params.code, req.body),
  );

  app.delete(
    '/:code',
    { schema: { tags, params: CouponCodeParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (req) => {
      await deleteCoupon(db, await staffActor(req), req.params.code);
      return { ok: true as const };
    },
  );
}
