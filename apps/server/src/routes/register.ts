/** Every area's routes, each under its prefix and behind its gate. */
import type { App } from '../app.ts';
import adminRolesRoutes from './admin/roles.routes.ts';
import authRoutes from './auth/auth.routes.ts';
import outletRoutes from './outlet/outlet.routes.ts';
import mediaRoutes from './public/media.routes.ts';

export async function registerRoutes(app: App) {
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(outletRoutes, { prefix: '/api/outlet' });
  await app.register(adminRolesRoutes, { prefix: '/api/admin/roles' });
  await app.register(mediaRoutes);
}
