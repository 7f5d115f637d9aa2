/**
 * /api/pay-links/:token: the pay page of an order staff took (no sign-in: the link sent by SMS is the
 * key). Read the order, start a payment, and check it when the provider sends the payer back.
 */
import { InitiatePaymentResponse, VerifyPaymentResponse } from '@meatshop/shared/payments';
import { PayLinkOrder, PayLinkParams, PayLinkVerifyInput } from '@meatshop/shared/staff-orders';
import type { App } from '../../app-types.ts';
import { defaultAccess } from '../../modules/accounts/access.ts';
import { payThroughLink, readPayLink, verifyThroughLink } from '../../modules/payments/pay-links.service.ts';
import { enforce } from '../../platform/rate-limit.ts';

export default async function payLinkRoutes(app: App) {
  defaultAccess(app, 'visitor');
  const { db } = app.deps;
  const tags = ['payments'];
  // Per address: the token is unguessable, and this bounds anyone who tries all the same.
  const limit = (ip: string, max: number) => enforce(db, [{ key: `pay-links:${ip}`, max, windowSeconds: 600 }]);

  app.get(
    '/:token',
    { config: { errors: ['RATE_LIMITED'] }, schema: { tags, params: PayLinkParams, response: { 200: PayLinkOrder } } },
    async (req, reply) => {
      await limit(req.ip, 300);
      reply.header('cache-control', 'no-store');
      return readPayLink(db, req.params.token, app.deps.now());
    },
  );

  app.post(
    '/:token/pay',
    {
      config: { errors: ['RATE_LIMITED', 'PAYMENT_UNAVAILABLE'] },
      schema: { tags, params: PayLinkParams, response: { 200: InitiatePaymentResponse } },
    },
    async (req) => {
      await limit(req.ip, 300);
      return payThroughLink(app.deps, req.params.token, app.deps.now());
    },
  );

  app.post(
    '/:token/verify',
    {
      config: { errors: ['RATE_LIMITED', 'PAYMENT_UNAVAILABLE'] },
      schema: { tags, params: PayLinkParams, body: PayLinkVerifyInput, response: { 200: VerifyPaymentResponse } },
    },
    async (req, reply) => {
      await limit(req.ip, 300);
      reply.header('cache-control', 'no-store');
      return verifyThroughLink(app.deps, req.params.token, req.body.orderTrackingId);
    },
  );
}
