/** /api/admin/orders: the order table, detail, rider assignment, and taking an order off a rider or cancelling it. */
import { AdminOrder, AdminOrderReasonInput, AssignRiderInput, AvailableRider } from '@meatshop/shared/admin-orders';
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
const AdminOrderList = compiledResponse(z.array(AdminOrder));
const AdminOrderOne = compiledResponse(AdminOrder);
const AvailableQuery = z.object({ orderId: z.uuid('Invalid id').optional() });

export default async function ordersRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['admin'];
  const adminActor = async (req: Parameters<typeof requireActor>[0]): Promise<Actor> => {
    const a = await requireActor(req);
    return { role: 'admin', id: a.userId, name: a.user?.fullName || a.email };
  };

  app.get('/orders', { schema: { tags, response: { 200: AdminOrderList } } }, () => listAdminOrders(db));

  app.get('/orders/:id', { schema: { tags, params: IdParams, response: { 200: AdminOrderOne } } }, (req) =>
    getAdminOrder(db, req.params.id),
  );

  /** Active online riders; with ?orderId ranked for that order, the suggested one first. */
  app.get('/riders/available', { schema: { tags, querystring: AvailableQuery, response: { 200: z.array(AvailableRider) } } }, (req) =>
    rankRiders(db, req.query.orderId),
  );

  /** The dispatch map: online riders with their last position and load, and the open orders. */
  app.get('/dispatch', { schema: { tags, response: { 200: DispatchMap } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return dispatchMap(db);
  });

  app.post(
    '/orders/:id/assign',
    { schema: { tags, params: IdParams, body: AssignRiderInput, response: { 200: AdminOrder } } },
    async (req) => {
      const admin = await adminActor(req);
      const order = await db.transaction((tx) => assignRider(tx, req.params.id, req.body.riderId, admin));
      // PUSH CALL SITE: the rider/events helper sends the web push to order.riderId here (after COMMIT);
      // the live event is already published inside the transaction.
      await notifyRiderOfAssignment(order.riderId!, order.id);
      return getAdminOrder(db, order.id);
    },
  );

  /** Back to the queue from a rider who has not picked it up (a stuck order). */
  app.post(
    '/orders/:id/unassign',
    { schema: { tags, params: IdParams, body: AdminOrderReasonInput, response: { 200: AdminOrder } } },
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

/** Web push to the assigned rider; filled in by the rider push module (see the call site above). */
async function notifyRiderOfAssignment(_riderId: string, _orderId: string): Promise<void> {}
