/** /api/coupons/validate: the cart's Apply button; the order itself re-checks the coupon. */
import { CouponResult, CouponValidateInput } from '@meatshop/shared/coupons';
import type { App } from '../../app-types.ts';
import { requireActor } from '../../modules/accounts/access.ts';
import { enforce } from '../../platform/rate-limit.ts';
import { validateCoupon } from '../../modules/coupons/coupons.service.ts';

export default async function couponRoutes(app: App) {
  const { db } = app.deps;
  app.post(
    '/validate',
    {
      config: { access: 'customer', errors: ['RATE_LIMITED'] },
      schema: { tags: ['coupons'], body: CouponValidateInput, response: { 200: CouponResult } },
    },
    async (req) => {
      const actor = await requireActor(req);
      // Guessing codes one request at a time is slow enough with this.
      await enforce(db, [{ key: `coupon:user:${actor.userId}`, max: 120, windowSeconds: 600 }]);
      return validateCoupon(db, req.body.code, req.body.items);
    },
  );
}
