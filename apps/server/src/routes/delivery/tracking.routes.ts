/**
 * GET /api/tracking/orders/:id: where the order's rider is, for its customer, staff
 * of its outlet and admins; anyone else gets the 404 of an unknown order. Also starts the retention
 * job that deletes the positions of closed deliveries.
 */
import { OrderTracking } from '@meatshop/shared/tracking';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { getTracking, type RetentionJob, startPositionRetentionJob } from '../../modules/delivery/tracking.service.ts';
import { requireActor } from '../../modules/accounts/access.ts';

const Params = z.object({ id: z.uuid('Order not found') });

export default async function trackingRoutes(app: App) {
  const { db, config } = app.deps;
  app.get(
    '/api/tracking/orders/:id',
    { config: { access: 'signedIn' }, schema: { tags: ['delivery'], params: Params, response: { 200: OrderTracking } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getTracking(db, await requireActor(req), req.params.id);
    },
  );

  if (config.backgroundJobs) {
    let job: RetentionJob | undefined;
    app.addHook('onReady', async () => {
      job = startPositionRetentionJob(db, config.RIDER_POSITION_RETENTION_HOURS, app.log);
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }
}
