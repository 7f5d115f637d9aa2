/** /api/admin/orders: the order table, detail, rider assignment, and taking an order off a rider or cancelling it. */
import {
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderPage,
  AdminOrderReasonInput,
  AssignRiderInput,
  AvailableRider,
} from '@meatshop/shared/admin-orders';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { DispatchMap } from '@meatshop/shared/tracking';
import { assignRider, dispatchMap, rankRiders, unassignOrder } from '../../../modules/delivery/dispatch.service.ts';
import type { Actor } from '../../../modules/orders/lifecycle/actor.ts';
import { cancelOrderAsAdmin, getAdminOrder, listAdminOrders } from '../../../modules/orders/order-admin.service.ts';
import { requireActor } from '../../../modules/accounts/access.ts';
import { compiledResponse } from '../../../platform/fast-serializer.ts';

const IdParams = z.object({ id: z.string().uuid('Invalid id') });
/** The order table and one order: hot reads, sent through a compiled serializer. */
const AdminOrderList = compiledResponse(AdminOrderPage);
const AdminOrderOne = compiledResponse(AdminOrder);
const AvailableQuery = z.object({ orderId: z.uuid('Invalid id').optional() });

export default async function ordersRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['admin'];
  const adminActor = async (req: Parameters<typeof requireActor>[0]): Promise<Actor> => {
    const a = await requireActor(req);
    return { role: 'admin', id: a.userId, name: a.user?.fullName || a.email };
  };

  /** Searched, filtered and paged by the server: older orders are found however many there are. */
  app.get('/orders', { schema: { tags, querystring: AdminOrderListQuery, response: { 200: AdminOrderList } } }, (req) =>
    listAdminOrders(db, req.query),
  );

  app.get('/orders/:id', { schema: { tags, params: IdParams, response: { 200: AdminOrderOne } } }, (req) =>
    getAdminOrder(db, req.params.id),
  );

  /** Active online riders; with ?orderId ranked for that order, the suggested one first. */
  app.get(
    '/riders/available',
    {
      config: { permission: 'dispatch.manage' },
      schema: { tags, querystring: AvailableQuery, response: { 200: z.array(AvailableRider) } },
    },
    (req) => rankRiders(db, req.query.orderId),
  );

  /** The dispatch map: online riders with their last position and load, and the open orders. */
  app.get(
    '/dispatch',
    { config: { permission: 'dispatch.manage' }, schema: { tags, response: { 200: DispatchMap } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return dispatchMap(db);
    },
  );

  app.post(
    '/orders/:id/assign',
    {
      config: { permission: 'dispatch.manage' },
      schema: { tags, params: IdParams, body: AssignRiderInput, response: { 200: AdminOrder } },
    },
    async (req) => {
      const admin = await adminActor(req);
      // The rider hears of it by web push from the bus event published inside the transaction.
      const order = await db.transaction((tx) => assignRider(tx, req.params.id, req.body.riderId, admin));
      return getAdminOrder(db, order.id);
    },
  );

  /** Back to the queue from a rider who has not picked it up (a stuck order). */
  app.post(
    '/orders/:id/unassign',
    {
      config: { permission: 'dispatch.manage' },
      schema: { tags, params: IdParams, body: AdminOrderReasonInput, response: { 200: AdminOrder } },
    },
    async (req) => {
      await unassignOrder(db, req.params.id, await adminActor(req), req.body.reason);
      return getAdminOrder(db, req.params.id);
    },
  );

  /** Cancels any open order, whatever its step, with a reason. */
  app.post(
    '/orders/:id/cancel',
    { schema: { tags, params: IdParams, body: AdminOrderReasonInput, response: { 200: AdminOrder } } },
    async (req) => cancelOrderAsAdmin(app.deps, await adminActor(req), req.params.id, req.body.reason),
  );
}
