/** GET /api/delivery-fee?lat=&lng=: the fee checkout will charge for a point, so the cart can show it. */
import { DeliveryFeeQuery, DeliveryFeeResponse } from '@meatshop/shared/delivery-zones';
import type { App } from '../../app-types.ts';
import { deliveryFeeFor } from '../../modules/delivery/zones.service.ts';

export default async function deliveryFeeRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/api/delivery-fee',
    {
      config: { access: 'visitor', errors: ['RULE_BROKEN'] },
      schema: { tags: ['delivery'], querystring: DeliveryFeeQuery, response: { 200: DeliveryFeeResponse } },
    },
    async (req) => {
      const { fee, zone } = await deliveryFeeFor(db, req.query.lat, req.query.lng);
      return { fee, zone: zone?.name ?? null };
    },
  );
}
