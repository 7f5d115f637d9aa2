/**
 * GET /api/shop-info: the contact details, hours and default delivery fee the admin sets in Settings,
 * for storefront screens that show them (header, footer, contact page).
 */
import { ShopSettingsFields } from '@meatshop/shared/shop-settings';
import type { App } from '../../app-types.ts';
import { getShopSettings } from '../../modules/settings/settings.service.ts';

const ShopInfo = ShopSettingsFields.pick({ supportPhone: true, supportEmail: true, hours: true, deliveryFee: true });

export default async function shopInfoRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/api/shop-info',
    { config: { access: 'visitor' }, schema: { tags: ['site'], response: { 200: ShopInfo } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const s = await getShopSettings(db);
      return { supportPhone: s.supportPhone, supportEmail: s.supportEmail, hours: s.hours, deliveryFee: s.deliveryFee };
    },
  );
}
