/** Public site data: the newsletter sign-up (coming-soon pages) and the outlet list of the contact page. */
import { PublicOutletList, SubscribeInput, Subscription } from '@meatshop/shared/catalog';
import type { App } from '../../app-types.ts';
import { registerHttpCache } from '../../platform/http-cache.ts';
import { enforce } from '../../platform/rate-limit.ts';
import * as catalog from '../../modules/catalog/catalog.service.ts';

export default async function siteRoutes(app: App) {
  const { db } = app.deps;
  registerHttpCache(app);

  app.post(
    '/api/subscriptions',
    {
      config: { access: 'visitor', errors: ['RATE_LIMITED', 'ALREADY_EXISTS'] },
      schema: { tags: ['site'], body: SubscribeInput, response: { 201: Subscription } },
    },
    async (req, reply) => {
      await enforce(db, [{ key: `subscribe:ip:${req.ip}`, max: 20, windowSeconds: 3600 }]);
      return reply.code(201).send(await catalog.subscribe(db, req.body.email, req.body.type));
    },
  );

  app.get(
    '/api/outlets',
    {
      config: { access: 'visitor', cacheControl: 'public, max-age=300' },
      schema: { tags: ['site'], response: { 200: PublicOutletList } },
    },
    async () => ({ outlets: await catalog.listOutlets(db) }),
  );
}
