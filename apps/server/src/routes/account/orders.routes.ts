/** /api/orders: a customer places an order, lists and reads their own, and cancels a pending one. */
import { OrderEditInput, OrderEditList } from '@meatshop/shared/order-edits';
import { CheckoutInput, OrderIdParams, OrderListResponse, OrderResponse } from '@meatshop/shared/orders';
import { OrderLineParams, SubstitutionDefaults, SubstitutionDefaultsQuery } from '@meatshop/shared/substitutions';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { defaultAccess, requireActor } from '../../modules/accounts/access.ts';
import { compiledResponse } from '../../platform/fast-serializer.ts';
import { assertPaymentMethodOffered } from '../../modules/payments/payments.service.ts';
import { editOrderAs, listOrderEdits } from '../../modules/orders/order-edits.service.ts';
import { refuseSubstituteAs } from '../../modules/orders/substitution-refusal.service.ts';
import { substitutionDefaults } from '../../modules/orders/substitutions.service.ts';
import { cancelCustomerOrder, getCustomerOrder, listCustomerOrders, placeOrder } from '../../modules/orders/orders.service.ts';

/** A customer's orders, read on every visit to the account: sent through a compiled serializer. */
const OrderList = compiledResponse(OrderListResponse);
const OneOrder = compiledResponse(OrderResponse);

const PlaceHeaders = z.object({
  'idempotency-key': z.string().trim().min(8, 'Idempotency-Key must be 8 to 100 characters').max(100).optional(),
});

export default async function orderRoutes(app: App) {
  defaultAccess(app, 'customer');
  const { db } = app.deps;

  app.post(
    '/',
    {
      config: { errors: ['OUT_OF_STOCK', 'RATE_LIMITED'] },
      schema: { tags: ['orders'], headers: PlaceHeaders, body: CheckoutInput, response: { 200: OrderResponse, 201: OrderResponse } },
    },
    async (req, reply) => {
      const actor = await requireActor(req);
      assertPaymentMethodOffered(app.deps.payments, req.body.paymentMethod);
      const result = await placeOrder(db, actor.userId, req.body, req.headers['idempotency-key'], app.deps.now());
      if (result.created) app.deps.metrics?.orderPlaced(req.body.paymentMethod);
      // A repeated Idempotency-Key answers 200 with the order the first request created.
      return reply.code(result.created ? 201 : 200).send({ order: result.order });
    },
  );

  app.get('/', { schema: { tags: ['orders'], response: { 200: OrderList } } }, async (req, reply) => {
    const actor = await requireActor(req);
    reply.header('cache-control', 'no-store');
    return { orders: await listCustomerOrders(db, actor.userId) };
  });

  app.get('/:id', { schema: { tags: ['orders'], params: OrderIdParams, response: { 200: OneOrder } } }, async (req, reply) => {
    const actor = await requireActor(req);
    reply.header('cache-control', 'no-store');
    return { order: await getCustomerOrder(db, actor.userId, req.params.id) };
  });

  app.post('/:id/cancel', { schema: { tags: ['orders'], params: OrderIdParams, response: { 200: OrderResponse } } }, async (req) => {
    const actor = await requireActor(req);
    return { order: await cancelCustomerOrder(app.deps, actor.userId, req.params.id) };
  });

  /** The customer changes the lines or delivery time of their own order while it is pending. */
  app.post(
    '/:id/edit',
    {
      config: { errors: ['OUT_OF_STOCK'] },
      schema: { tags: ['orders'], params: OrderIdParams, body: OrderEditInput, response: { 200: OrderResponse } },
    },
    async (req) => {
      const actor = await requireActor(req);
      const who = { role: 'customer' as const, id: actor.userId, name: actor.user?.fullName || actor.email };
      await editOrderAs(app.deps, who, req.params.id, req.body, app.deps.now());
      return { order: await getCustomerOrder(db, actor.userId, req.params.id) };
    },
  );

  /** The customer's remembered substitution choices, for the lines of their checkout. */
  app.get(
    '/substitution-defaults',
    { schema: { tags: ['orders'], querystring: SubstitutionDefaultsQuery, response: { 200: SubstitutionDefaults } } },
    async (req, reply) => {
      const actor = await requireActor(req);
      reply.header('cache-control', 'no-store');
      return substitutionDefaults(db, actor.userId, req.query.productIds);
    },
  );

  /** The customer refuses a substitute on their own order, within the window and before pickup. */
  app.post(
    '/:id/lines/:lineId/refuse-substitute',
    { schema: { tags: ['orders'], params: OrderLineParams, response: { 200: OrderResponse } } },
    async (req) => {
      const actor = await requireActor(req);
      const who = { id: actor.userId, name: actor.user?.fullName || actor.email };
      return { order: await refuseSubstituteAs(app.deps, who, req.params.id, req.params.lineId) };
    },
  );

  app.get('/:id/edits', { schema: { tags: ['orders'], params: OrderIdParams, response: { 200: OrderEditList } } }, async (req, reply) => {
    const actor = await requireActor(req);
    reply.header('cache-control', 'no-store');
    return listOrderEdits(db, req.params.id, actor.userId);
  });
}
