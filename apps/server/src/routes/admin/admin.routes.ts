/**
 * /api/admin: the back office, one wing for staff. Every route here is for admins only; each area
 * of the back office is a folder beside this file and registers under the prefix its URLs have
 * always had.
 */
import type { App } from '../../app-types.ts';
import { defaultAccess } from '../../modules/accounts/access.ts';
import activityRoutes from './activity/activity.routes.ts';
import catalogRoutes from './catalog/catalog.routes.ts';
import uploadsRoutes from './catalog/uploads.routes.ts';
import couponsRoutes from './coupons/coupons.routes.ts';
import dispatchRoutes from './dispatch/dispatch.routes.ts';
import zonesRoutes from './dispatch/zones.routes.ts';
import inventoryRoutes from './inventory/inventory.routes.ts';
import ordersRoutes from './orders/orders.routes.ts';
import orderQueuesRoutes from './orders/queues.routes.ts';
import refundsRoutes from './orders/refunds.routes.ts';
import outletsRoutes from './outlets/outlets.routes.ts';
import customersRoutes from './people/customers.routes.ts';
import peopleRoutes from './people/people.routes.ts';
import riderEarningsRoutes from './people/rider-earnings.routes.ts';
import rolesRoutes from './people/roles.routes.ts';
import dashboardRoutes from './reports/dashboard.routes.ts';
import reportsRoutes from './reports/reports.routes.ts';
import settingsRoutes from './settings/settings.routes.ts';

export default async function adminRoutes(app: App) {
  defaultAccess(app, 'admin');
  // catalog
  await app.register(catalogRoutes);
  await app.register(uploadsRoutes);
  // orders
  await app.register(ordersRoutes);
  await app.register(refundsRoutes);
  await app.register(orderQueuesRoutes, { prefix: '/ops' });
  // dispatch
  await app.register(dispatchRoutes);
  await app.register(zonesRoutes, { prefix: '/zones' });
  // people
  await app.register(peopleRoutes);
  await app.register(customersRoutes);
  await app.register(rolesRoutes, { prefix: '/roles' });
  await app.register(riderEarningsRoutes);
  // outlets and inventory
  await app.register(outletsRoutes);
  await app.register(inventoryRoutes, { prefix: '/ops' });
  // coupons, reports, settings
  await app.register(couponsRoutes, { prefix: '/coupons' });
  await app.register(dashboardRoutes);
  await app.register(reportsRoutes, { prefix: '/reports' });
  await app.register(settingsRoutes, { prefix: '/settings' });
  // the audit trail
  await app.register(activityRoutes);
}
