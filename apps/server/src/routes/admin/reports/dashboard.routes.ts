/** /api/admin/dashboard, /notifications (the bell) and /subscriptions. */
import { IdList } from '@meatshop/shared/admin-catalog';
import { AdminSubscription, DashboardResponse, NotificationsResponse } from '@meatshop/shared/admin-orders';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import { markAllRead, markRead, unreadNotifications } from '../../../modules/notifications/notification-admin.service.ts';
import { dashboard } from '../../../modules/reports/dashboard.service.ts';
import { deleteSubscriptions, listSubscriptions } from '../../../modules/subscriptions/subscription-admin.service.ts';

const IdParams = z.object({ id: z.string().uuid('Invalid id') });
const Ok = z.object({ ok: z.literal(true) });
const Deleted = z.object({ deleted: z.number() });

export default async function dashboardRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['admin'];

  app.get('/dashboard', { schema: { tags, response: { 200: DashboardResponse } } }, () => dashboard(db));

  app.get(
    '/notifications',
    { config: { permission: 'orders.read' }, schema: { tags, response: { 200: NotificationsResponse } } },
    (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return unreadNotifications(db);
    },
  );

  app.post('/notifications/read-all', { config: { permission: 'orders.read' }, schema: { tags, response: { 200: Ok } } }, async () => {
    await markAllRead(db);
    return { ok: true as const };
  });

  app.post(
    '/notifications/:id/read',
    { config: { permission: 'orders.read' }, schema: { tags, params: IdParams, response: { 200: Ok } } },
    async (req) => {
      await markRead(db, req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/subscriptions',
    { config: { permission: 'customers.read' }, schema: { tags, response: { 200: z.array(AdminSubscription) } } },
    () => listSubscriptions(db),
  );

  app.post(
    '/subscriptions/bulk-delete',
    { config: { permission: 'customers.manage' }, schema: { tags, body: IdList, response: { 200: Deleted } } },
    async (req) => ({
      deleted: await deleteSubscriptions(db, await staffActor(req), req.body.ids),
    }),
  );
}
