/** /api/notifications: the VAPID public key and the signed-in user's push subscriptions. */
import { PushSubscribeInput, PushUnsubscribeInput } from '@meatshop/shared/push';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { isAllowedPushEndpoint } from '../../modules/notifications/push-endpoint.ts';
import { deleteSubscription, saveSubscription, vapidKeys } from '../../modules/notifications/push.service.ts';
import { requireActor } from '../../modules/accounts/access.ts';
import { invalid } from '../../platform/errors.ts';

const Ok = z.object({ ok: z.literal(true) });
const tags = ['notifications'];

export default async function pushRoutes(app: App) {
  const { db, config } = app.deps;

  app.get(
    '/vapid-public-key',
    { config: { access: 'visitor' }, schema: { tags, response: { 200: z.object({ publicKey: z.string() }) } } },
    async () => ({ publicKey: (await vapidKeys(db)).publicKey }),
  );

  app.post(
    '/subscribe',
    { config: { access: 'signedIn' }, schema: { tags, body: PushSubscribeInput, response: { 201: Ok } } },
    async (req, reply) => {
      // The server will POST to this URL: only a known browser push service's host.
      if (!isAllowedPushEndpoint(req.body.endpoint, config.PUSH_SERVICE_HOSTS))
        throw invalid('Invalid push endpoint', { endpoint: 'Invalid push endpoint' });
      await saveSubscription(db, (await requireActor(req)).userId, req.body);
      return reply.code(201).send({ ok: true as const });
    },
  );

  app.delete(
    '/subscribe',
    { config: { access: 'signedIn' }, schema: { tags, body: PushUnsubscribeInput, response: { 200: Ok } } },
    async (req) => {
      await deleteSubscription(db, (await requireActor(req)).userId, req.body.endpoint);
      return { ok: true as const };
    },
  );
}
