/** Every area's routes, each under its prefix and behind its gate. */
import type { App } from '../app.ts';
import authRoutes from './auth/auth.routes.ts';
import catalogRoutes from './public/catalog.routes.ts';
import accountRoutes from './account/account.routes.ts';
import couponRoutes from './account/coupons.routes.ts';
import orderRoutes from './account/orders.routes.ts';
import publicConfigRoutes from './public/config.routes.ts';
import geoRoutes from './public/geo.routes.ts';
import mediaRoutes from './public/media.routes.ts';
import siteRoutes from './public/site.routes.ts';

export async function registerRoutes(app: App) {
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(mediaRoutes);
  await app.register(catalogRoutes);
  await app.register(siteRoutes);
  await app.register(orderRoutes, { prefix: '/api/orders' });
  await app.register(couponRoutes, { prefix: '/api/coupons' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(geoRoutes, { prefix: '/api/geo' });
  await app.register(publicConfigRoutes, { prefix: '/api/config' });
}
