/**
 * /api/config: the few settings the browser needs: map tiles URL (empty means no tiles) and the
 * payment methods checkout may offer.
 */
import { PublicConfig } from '@meatshop/shared/geo';
import type { App } from '../../app-types.ts';
import { offeredPaymentMethods } from '../../modules/payments/payments.service.ts';

export default async function publicConfigRoutes(app: App) {
  app.get('/', { config: { access: 'visitor' }, schema: { tags: ['config'], response: { 200: PublicConfig } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { mapTilesUrl: app.deps.config.MAP_TILES_URL, paymentMethods: offeredPaymentMethods(app.deps.payments) };
  });
}
