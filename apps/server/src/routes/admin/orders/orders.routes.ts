/**
 * /api/admin/orders: the order table, detail, taking an order for a customer (phone, WhatsApp,
 * walk-in), rider assignment, and taking an order off a rider or cancelling it.
 */
import {
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderPage,
  AdminOrderReasonInput,
  AssignRiderInput,
  AvailableRider,
} from '@meatshop/shared/admin-orders';
import { OrderEditInput, OrderEditList } from '@meatshop/shared/order-edits';
import { StaffOrderInput, StaffOrderPlaced } from '@meatshop/shared/staff-orders';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { editOrderAs, listOrderEdits } from '../../../modules/orders/order-edits.service.ts';
import { placeStaffOrder } from '../../../modules/orders/staff-orders.service.ts';
import { enforce } from '../../../platform/rate-limit.ts';
import { DispatchMap } from '@meatshop/shared/tracking';
import { assignRider, dispatchMap, rankRiders, unassignOrder } from '../../../modules/delivery/dispatch.service.ts';
import type { Actor } from '../../../modules/orders/lifecycle/actor.ts';
import { cancelOrderAsAdmin, getAdminOrder, listAdminOrders } from '../../../modules/orders/order-admin.service.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import { compiledResponse } from '../../../platform/fast-serializer.ts';
import type { PeriodicJob } from '../../../platform/periodic-job.ts';
import { ColdChainAlerts } from '@meatshop/shared/cold-chain';
import { openColdChainAlerts, startColdChainJob } from '../../../modules/cold-chain/cold-chain.service.ts';

const IdParams = z.object({ id: z.string().uuid('Invalid id') });
/** The order table and one order: hot reads, sent through a compiled serializer. */
const AdminOrderList = compiledResponse(AdminOrderPage);
const AdminOrderOne = compiledResponse(AdminOrder);
const AvailableQuery = z.object({ orderId: z.uuid('Invalid id').optional() });
const PlaceHeaders = z.object({
  'idempotency-key': z.string().trim().min(8, 'Idempotency-Key must be 8 to 100 characters').max(100).optional(),
});

export default async function ordersRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['admin'];
  /** The admin as the order core sees them; `staff` makes the core write their audit row. */
  const adminActor = async (req: Parameters<typeof staffActor>[0]): Promise<Actor> => {
    const staff = await staffActor(req);
    return { role: 'admin', id: staff.userId, name: staff.name, staff };
  };

  /** Searched, filtered and paged by the server: older orders are found however many there are. */
  app.get('/orders', { schema: { tags, querystring: AdminOrderListQuery, response: { 200: AdminOrderList } } }, (req) =>
    listAdminOrders(db, req.query),
  );

  /**
   * Staff take an order for a customer: the same placement as checkout, recorded with its channel
   * and who took it. A repeated Idempotency-Key answers 200 with the order the first request created.
   */
  app.post(
    '/orders',
    {
      config: { permission: 'orders.edit', errors: ['OUT_OF_STOCK', 'RATE_LIMITED', 'ALREADY_EXISTS', 'NOT_FOUND'] },
      schema: { tags, headers: PlaceHeaders, body: StaffOrderInput, response: { 200: StaffOrderPlaced, 201: StaffOrderPlaced } },
    },
    async (req, reply) => {
      const staff = await staffActor(req);
      await enforce(db, [{ key: `admin:orders:place:${staff.userId}`, max: 60, windowSeconds: 60 }]);
      const { placed, created } = await placeStaffOrder(app.deps, staff, req.body, req.headers['idempotency-key']);
      if (created) app.deps.metrics?.orderPlaced(req.body.paymentMethod);
      return reply.code(created ? 201 : 200).send(placed);
    },
  );

  app.get('/orders/:id', { schema: { tags, params: IdParams, response: { 200: AdminOrderOne } } }, (req) =>
    getAdminOrder(db, req.params.id),
  );

  /**
   * Changes an order's lines or delivery time until it is packed: the order core re-applies stock,
   * prices and coupon, and keeps a record of the edit.
   */
  app.post(
    '/orders/:id/edit',
    {
      config: { permission: 'orders.edit', errors: ['OUT_OF_STOCK'] },
      schema: { tags, params: IdParams, body: OrderEditInput, response: { 200: AdminOrder } },
    },
    async (req) => {
      await editOrderAs(app.deps, await adminActor(req), req.params.id, req.body, app.deps.now());
      return getAdminOrder(db, req.params.id);
    },
  );

  /** Every edit of the order, oldest first, with the order before and after each. */
  app.get('/orders/:id/edits', { schema: { tags, params: IdParams, response: { 200: OrderEditList } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return listOrderEdits(db, req.params.id);
  });

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

  /** Open orders near or past their time out of the chiller, for the dispatch screen. */
  app.get(
    '/cold-chain',
    { config: { permission: 'dispatch.manage' }, schema: { tags, response: { 200: ColdChainAlerts } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { alerts: await openColdChainAlerts(db, null, app.deps.now()) };
    },
  );

  // The cold-chain check runs on every instance; the alert's unique row lets only one of them raise it.
  if (app.deps.config.backgroundJobs) {
    let coldChain: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      coldChain = startColdChainJob(db, app.deps.now, app.log, app.deps.config.COLD_CHAIN_CHECK_SECONDS * 1000);
    });
    app.addHook('onClose', async () => {
      await coldChain?.stop();
    });
  }

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
