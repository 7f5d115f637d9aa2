/** /api/admin/settings: the shop's contact, hours, delivery fee default and rider rate. */
import { AdminUpdateSettingsInput, ShopSettings } from '@meatshop/shared/shop-settings';
import type { App } from '../../../app-types.ts';
import { getShopSettings, updateShopSettings } from '../../../modules/settings/settings.service.ts';
import { defaultAccess } from '../../../modules/accounts/access.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';

export default async function settingsRoutes(app: App) {
  defaultAccess(app, 'admin');
  const { db } = app.deps;
  const tags = ['admin: settings'];

  app.get('/', { schema: { tags, response: { 200: ShopSettings } } }, () => getShopSettings(db));

  app.put('/', { schema: { tags, body: AdminUpdateSettingsInput, response: { 200: ShopSettings } } }, async (req) => {
    const by = await staffActor(req);
    return db.transaction((tx) => updateShopSettings(tx, req.body, by));
  });
}
