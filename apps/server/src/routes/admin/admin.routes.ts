/** /api/admin: the back office. Every route here is for admins only (spec section 6). */
import type { App } from '../../app-types.ts';
import { defaultAccess } from '../../modules/accounts/access.ts';
import catalogRoutes from './catalog.routes.ts';
import dashboardRoutes from './dashboard.routes.ts';
import ordersRoutes from './orders.routes.ts';
import outletsRoutes from './outlets.routes.ts';
import peopleRoutes from './people.routes.ts';
import refundsRoutes from './refunds.routes.ts';
import uploadsRoutes from './uploads.routes.ts';

export default async function adminRoutes(app: App) {
  defaultAccess(app, 'admin');
  await app.register(dashboardRoutes);
  await app.register(catalogRoutes);
  await app.register(uploadsRoutes);
  await app.register(ordersRoutes);
  await app.register(refundsRoutes);
  await app.register(peopleRoutes);
  await app.register(outletsRoutes);
}
