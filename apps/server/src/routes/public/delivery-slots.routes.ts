/** GET /api/delivery-slots: the delivery times checkout may offer now, with the places left in each slot. */
import { DeliverySlotsResponse } from '@meatshop/shared/delivery-slots';
import type { App } from '../../app-types.ts';
import { listDeliverySlots } from '../../modules/delivery/delivery-slots.service.ts';

export default async function deliverySlotsRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/api/delivery-slots',
    { config: { access: 'visitor' }, schema: { tags: ['delivery'], response: { 200: DeliverySlotsResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return listDeliverySlots(db, app.deps.now());
    },
  );
}
