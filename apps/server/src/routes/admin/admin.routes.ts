/**
 * /api/admin: the back office, one wing for staff. Every route here is for staff only and needs a
 * staff permission: each area below names the one its reads (GET) and its changes need, and a
 * route that needs another says so with `config: { permission }`. The server refuses to start with
 * an /api/admin route that has none. Each area of the back office is a folder beside this file and
 * registers under the prefix its URLs have always had.
 */
import type { App } from '../../app-types.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { PermissionRule } from '@meatshop/shared/staff-permissions';
import { defaultAccess, defaultPermission } from '../../modules/accounts/access.ts';
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
import recallsRoutes from './recalls/recalls.routes.ts';
import reportsRoutes from './reports/reports.routes.ts';
import settingsRoutes from './settings/settings.routes.ts';
import staffRoutes from './staff/staff.routes.ts';
import tradeAdminRoutes from './trade/trade.routes.ts';

/** An area's routes with the permission its reads (GET) and its changes need by default. */
function area(plugin: FastifyPluginAsync, read: PermissionRule, write: PermissionRule = read): FastifyPluginAsync {
  return async (app) => {
    defaultPermission(app, read, write);
    await app.register(plugin);
  };
}

export default async function adminRoutes(app: App) {
  defaultAccess(app, 'admin');
  // catalog
  await app.register(area(catalogRoutes, 'catalog.manage'));
  await app.register(area(uploadsRoutes, 'catalog.manage'));
  // orders
  await app.register(area(ordersRoutes, 'orders.read', 'orders.manage'));
  await app.register(area(refundsRoutes, 'orders.read', 'orders.refund'));
  await app.register(area(orderQueuesRoutes, 'orders.read', 'orders.manage'), { prefix: '/ops' });
  // dispatch
  await app.register(area(dispatchRoutes, 'cash.manage'));
  await app.register(area(zonesRoutes, 'dispatch.manage'), { prefix: '/zones' });
  // people
  await app.register(area(peopleRoutes, 'riders.manage'));
  await app.register(area(customersRoutes, 'customers.read', 'customers.manage'));
  await app.register(area(tradeAdminRoutes, 'trade.manage'), { prefix: '/trade' });
  await app.register(area(rolesRoutes, 'outlets.manage'), { prefix: '/roles' });
  await app.register(area(riderEarningsRoutes, 'riders.manage'));
  await app.register(area(staffRoutes, 'staff.manage'));
  // outlets and inventory
  await app.register(area(outletsRoutes, 'outlets.manage'));
  await app.register(area(inventoryRoutes, 'inventory.manage'), { prefix: '/ops' });
  await app.register(area(recallsRoutes, 'recalls.manage'), { prefix: '/recalls' });
  // coupons, reports, settings
  await app.register(area(couponsRoutes, 'coupons.manage'), { prefix: '/coupons' });
  await app.register(area(dashboardRoutes, 'reports.read'));
  await app.register(area(reportsRoutes, 'reports.read'), { prefix: '/reports' });
  await app.register(area(settingsRoutes, 'settings.manage'), { prefix: '/settings' });
  // the audit trail (read only: nothing in it can be changed)
  await app.register(area(activityRoutes, 'audit.read'));
}
