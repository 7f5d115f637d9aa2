/** /api/admin/zones: delivery zones drawn as a centre and radius, each with its fee. */
import { AdminZoneInput, AdminZoneUpdateInput, DeliveryZone, DeliveryZoneList, ZoneIdParams } from '@meatshop/shared/delivery-zones';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import { createZone, editZone, listDeliveryZones, removeZone } from '../../../modules/delivery/zones.service.ts';
import { defaultAccess } from '../../../modules/accounts/access.ts';

export default async function zonesRoutes(app: App) {
  defaultAccess(app, 'admin');
  const { db } = app.deps;
  const tags = ['admin: delivery zones'];

  app.get('/', { schema: { tags, response: { 200: DeliveryZoneList } } }, async () => ({ zones: await listDeliveryZones(db) }));

  app.post('/', { schema: { tags, body: AdminZoneInput, response: { 201: DeliveryZone } } }, async (req, reply) => {
    const by = await staffActor(req);
    return reply.code(201).send(await db.transaction((tx) => createZone(tx, by, req.body)));
  });

  app.patch(
    '/:id',
    { schema: { tags, params: ZoneIdParams, body: AdminZoneUpdateInput, response: { 200: DeliveryZone } } },
    async (req) => {
      const by = await staffActor(req);
      return db.transaction((tx) => editZone(tx, by, req.params.id, req.body));
    },
  );

  app.delete('/:id', { schema: { tags, params: ZoneIdParams, response: { 200: z.object({ ok: z.literal(true) }) } } }, async (req) => {
    await removeZone(db, await staffActor(req), req.params.id);
    return { ok: true as const };
  });
}
