/**
 * /api/admin: refunds of an order (in full or in part, never more than was paid), and the steps
 * after: send a provider refund again after no answer, ask the provider about one, record cash paid
 * back at an outlet.
 */
import { AdminOrderRefunds, AdminRefund, AdminRefundInput, CashRefundPaidInput } from '@meatshop/shared/refunds';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { adminOrderRefunds, adminRefundView } from '../../../modules/payments/refund-views.ts';
import { recordCashRefundPaid, requestRefund, takeRefundStep } from '../../../modules/payments/refunds.service.ts';
import { requireActor } from '../../../modules/accounts/access.ts';
import { enforce } from '../../../platform/rate-limit.ts';

const IdParams = z.object({ id: z.uuid('Invalid id') });

export default async function refundsRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['admin'];

  app.get('/orders/:id/refunds', { schema: { tags, params: IdParams, response: { 200: AdminOrderRefunds } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return adminOrderRefunds(db, req.params.id);
  });

  app.post(
    '/orders/:id/refunds',
    { schema: { tags, params: IdParams, body: AdminRefundInput, response: { 201: AdminRefund } } },
    async (req, reply) => {
      const actor = await requireActor(req);
      await enforce(db, [{ key: `refunds:request:${actor.userId}`, max: 30, windowSeconds: 600 }]);
      const refund = await requestRefund(app.deps, {
        orderId: req.params.id,
        amount: req.body.amount,
        reason: req.body.reason,
        note: req.body.note,
        cashAtOutlet: req.body.cashAtOutlet,
        actor: { userId: actor.userId, name: actor.user?.fullName ?? actor.email },
      });
      return reply.code(201).send(adminRefundView(refund, actor.user?.fullName ?? null));
    },
  );

  app.post('/refunds/:id/send', { schema: { tags, params: IdParams, response: { 200: AdminRefund } } }, async (req) => {
    const actor = await requireActor(req);
    await enforce(db, [{ key: `refunds:request:${actor.userId}`, max: 30, windowSeconds: 600 }]);
    return adminRefundView(await takeRefundStep(app.deps, req.params.id, 'send', actor.user?.fullName ?? actor.email));
  });

  app.post('/refunds/:id/check', { schema: { tags, params: IdParams, response: { 200: AdminRefund } } }, async (req) =>
    adminRefundView(await takeRefundStep(app.deps, req.params.id, 'check')),
  );

  app.post(
    '/refunds/:id/cash-paid',
    { schema: { tags, params: IdParams, body: CashRefundPaidInput, response: { 200: AdminRefund } } },
    async (req) => adminRefundView(await recordCashRefundPaid(db, req.params.id, req.body.outletId)),
  );
}
