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
import { staffActor } from '../../../modules/audit/audit-actor.ts';
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
    {
      config: { errors: ['RATE_LIMITED', 'PAYMENT_UNAVAILABLE'] },
      schema: { tags, params: IdParams, body: AdminRefundInput, response: { 201: AdminRefund } },
    },
    async (req, reply) => {
      const by = await staffActor(req);
      await enforce(db, [{ key: `refunds:request:${by.userId}`, max: 30, windowSeconds: 600 }]);
      const refund = await requestRefund(
        app.deps,
        {
          orderId: req.params.id,
          amount: req.body.amount,
          reason: req.body.reason,
          note: req.body.note,
          cashAtOutlet: req.body.cashAtOutlet,
          actor: { userId: by.userId, name: by.name },
        },
        by,
      );
      return reply.code(201).send(adminRefundView(refund, by.name));
    },
  );

  app.post(
    '/refunds/:id/send',
    { config: { errors: ['PAYMENT_UNAVAILABLE'] }, schema: { tags, params: IdParams, response: { 200: AdminRefund } } },
    async (req) => {
      const by = await staffActor(req);
      await enforce(db, [{ key: `refunds:request:${by.userId}`, max: 30, windowSeconds: 600 }]);
      return adminRefundView(await takeRefundStep(app.deps, req.params.id, 'send', by));
    },
  );

  app.post(
    '/refunds/:id/check',
    { config: { errors: ['PAYMENT_UNAVAILABLE'] }, schema: { tags, params: IdParams, response: { 200: AdminRefund } } },
    async (req) => adminRefundView(await takeRefundStep(app.deps, req.params.id, 'check', await staffActor(req))),
  );

  app.post(
    '/refunds/:id/cash-paid',
    { config: { errors: ['RATE_LIMITED'] }, schema: { tags, params: IdParams, body: CashRefundPaidInput, response: { 200: AdminRefund } } },
    async (req) => adminRefundView(await recordCashRefundPaid(db, await staffActor(req), req.params.id, req.body.outletId)),
  );
}
