/** Every area's routes, each under its prefix and behind its gate. */
import type { App } from '../app.ts';
import couponsRoutes from './admin-ops/coupons.routes.ts';
import opsRoutes from './admin-ops/ops.routes.ts';
import reportsRoutes from './admin-ops/reports.routes.ts';
import settingsRoutes from './admin-ops/settings.routes.ts';
import zonesRoutes from './admin-ops/zones.routes.ts';
import adminRoutes from './admin/admin.routes.ts';
import adminRolesRoutes from './admin/roles.routes.ts';
import authRoutes from './auth/auth.routes.ts';
import outletRoutes from './outlet/outlet.routes.ts';
import catalogRoutes from './public/catalog.routes.ts';
import accountRoutes from './account/account.routes.ts';
import couponRoutes from './account/coupons.routes.ts';
import orderRoutes from './account/orders.routes.ts';
import publicConfigRoutes from './public/config.routes.ts';
import geoRoutes from './public/geo.routes.ts';
import deliveryFeeRoutes from './public/delivery-fee.routes.ts';
import mediaRoutes from './public/media.routes.ts';
import shopInfoRoutes from './public/shop-info.routes.ts';
import siteRoutes from './public/site.routes.ts';

export async function registerRoutes(app: App) {
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(outletRoutes, { prefix: '/api/outlet' });
  await app.register(adminRolesRoutes, { prefix: '/api/admin/roles' });
  await app.register(mediaRoutes);
  await app.register(catalogRoutes);
  await app.register(siteRoutes);
  await app.register(orderRoutes, { prefix: '/api/orders' });
  await app.register(couponRoutes, { prefix: '/api/coupons' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(geoRoutes, { prefix: '/api/geo' });
  await app.register(publicConfigRoutes, { prefix: '/api/config' });
  await app.register(deliveryFeeRoutes);
  await app.register(shopInfoRoutes);
  await app.register(settingsRoutes, { prefix: '/api/admin/settings' });
  await app.register(couponsRoutes, { prefix: '/api/admin/coupons' });
  await app.register(zonesRoutes, { prefix: '/api/admin/zones' });
  await app.register(reportsRoutes, { prefix: '/api/admin/reports' });
  await app.register(opsRoutes, { prefix: '/api/admin/ops' });
}
