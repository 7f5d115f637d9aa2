/**
 * GET /api/delivery-photos/:orderId/:file: a delivery photo, only for the order's rider, its
 * customer, staff of its outlet and admins. Anyone else gets the same 404 as for a missing photo.
 */
import { shortOrderId } from '@meatshop/shared/status';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { findOrder } from '../../modules/delivery/delivery.repository.ts';
import { requireActor } from '../../modules/accounts/access.ts';
import { notFound } from '../../platform/errors.ts';

const Params = z.object({ orderId: z.uuid(), file: z.string().regex(/^\d{10,16}\.jpg$/) });
/** `?download=1`: the outlet saves the proof of delivery as a file. */
const Query = z.object({ download: z.enum(['1', 'true']).optional() });

export default async function deliveryPhotoRoutes(app: App) {
  const { db, storage } = app.deps;
  app.get(
    '/api/delivery-photos/:orderId/:file',
    { config: { access: 'signedIn' }, schema: { tags: ['delivery'], params: Params, querystring: Query, produces: ['image/jpeg'] } },
    async (req, reply) => {
      const actor = await requireActor(req);
      const { orderId, file } = req.params;
      const order = await findOrder(db, orderId);
      const key = `delivery-photos/${orderId}/${file}`;
      const allowed =
        order &&
        (actor.user?.isAdmin ||
          order.userId === actor.userId ||
          (actor.rider && order.riderId === actor.rider.id) ||
          (actor.employee?.isActive && order.outletId === actor.employee.outletId));
      if (!allowed || order.deliveryPhotoUrl !== `/api/${key}`) throw notFound('Photo not found');
      const stored = await storage.get(key);
      if (!stored) throw notFound('Photo not found');
      if (req.query.download) reply.header('content-disposition', `attachment; filename="proof-of-delivery-${shortOrderId(orderId)}.jpg"`);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(stored.body);
    },
  );
}
