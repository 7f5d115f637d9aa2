/** Every area's routes, each under its prefix and behind its gate. */
import type { App } from '../app.ts';
import adminRolesRoutes from './admin/roles.routes.ts';
import authRoutes from './auth/auth.routes.ts';
import outletRoutes from './outlet/outlet.routes.ts';
import catalogRoutes from './public/catalog.routes.ts';
import mediaRoutes from './public/media.routes.ts';
import siteRoutes from './public/site.routes.ts';

export async function registerRoutes(app: App) {
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(outletRoutes, { prefix: '/api/outlet' });
  await app.register(adminRolesRoutes, { prefix: '/api/admin/roles' });
  await app.register(mediaRoutes);
  await app.register(catalogRoutes);
  await app.register(siteRoutes);
}
