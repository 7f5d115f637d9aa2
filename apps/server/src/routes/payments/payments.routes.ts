/**
 * /api/payments: initiate and verify (the order's customer), and the IPN Pesapal calls from its
 * servers (no session, no Origin check: see platform/origin-check.ts). Also starts the expiry job.
 */
import { InitiatePaymentInput, InitiatePaymentResponse, VerifyPaymentInput, VerifyPaymentResponse } from '@meatshop/shared/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { type ExpiryJob, startExpiryJob } from '../../modules/payments/payment-expiry.ts';
import { handleInvoiceNotification, startInvoicePaymentCheck } from '../../modules/trade/invoice-payments.service.ts';
import { handleNotification, initiatePayment, verifyPayment } from '../../modules/payments/payments.service.ts';
import { requireActor } from '../../modules/accounts/access.ts';
import { startReconciliationJob } from '../../modules/payments/reconciliation.ts';
import type { PeriodicJob } from '../../platform/periodic-job.ts';
import { enforce } from '../../platform/rate-limit.ts';
import { parseForm } from './form-body.ts';

const IpnAck = z.object({
  orderNotificationType: z.string(),
  orderTrackingId: z.string(),
  orderMerchantReference: z.string(),
  status: z.union([z.literal(200), z.literal(500)]),
});

export default async function paymentsRoutes(app: App) {
  const { db } = app.deps;
  parseForm(app);

  app.post(
    '/initiate',
    {
      config: { access: 'customer', errors: ['NOT_FOUND', 'RATE_LIMITED', 'PAYMENT_UNAVAILABLE'] },
      schema: { tags: ['payments'], body: InitiatePaymentInput, response: { 200: InitiatePaymentResponse } },
    },
    async (req) => {
      const actor = await requireActor(req);
      await enforce(db, [{ key: `payments:initiate:${actor.userId}`, max: 20, windowSeconds: 600 }]);
      return initiatePayment(app.deps, actor, req.body.orderId);
    },
  );

  app.post(
    '/verify',
    {
      config: { access: 'customer', errors: ['NOT_FOUND', 'RATE_LIMITED', 'PAYMENT_UNAVAILABLE'] },
      schema: { tags: ['payments'], body: VerifyPaymentInput, response: { 200: VerifyPaymentResponse } },
    },
    async (req, reply) => {
      const actor = await requireActor(req);
      // The result screen polls while mobile money confirms; this bounds it without getting in its way.
      await enforce(db, [{ key: `payments:verify:${actor.userId}`, max: 120, windowSeconds: 600 }]);
      reply.header('cache-control', 'no-store');
      return verifyPayment(app.deps, actor, req.body.orderTrackingId);
    },
  );

  // Pesapal may call with GET (query string) or POST (JSON or form body), and casings vary (pesapal.md section 5).
  const ipn = async (req: FastifyRequest, reply: FastifyReply) => {
    const p = ipnParams(req);
    const ack = {
      orderNotificationType: p.type || 'IPNCHANGE',
      orderTrackingId: p.trackingId,
      orderMerchantReference: p.merchantReference,
      status: 500 as 200 | 500,
    };
    if (p.trackingId) {
      await enforce(db, [{ key: `payments:ipn:${req.ip}`, max: 300, windowSeconds: 60 }]);
      const ref = p.merchantReference || undefined;
      // An order's attempt, or else an invoice's (paid online from a trade statement): one IPN address for both.
      const ok = await (async () =>
        (await handleNotification(app.deps, p.trackingId, ref)) || (await handleInvoiceNotification(app.deps, p.trackingId, ref)))().catch(
        (err) => {
          req.log.error({ err, trackingId: p.trackingId }, 'IPN processing failed');
          return false;
        },
      );
      if (ok) ack.status = 200;
    }
    // Always HTTP 200 with the JSON acknowledgement; its `status` says whether we processed it.
    return reply.code(200).header('cache-control', 'no-store').send(ack);
  };
  const ipnSchema = { tags: ['payments'], response: { 200: IpnAck } };
  app.get('/ipn', { config: { access: 'visitor', errors: ['RATE_LIMITED'] }, schema: ipnSchema }, ipn);
  app.post('/ipn', { config: { access: 'visitor', errors: ['RATE_LIMITED'] }, schema: ipnSchema }, ipn);

  if (app.deps.config.backgroundJobs) {
    let job: ExpiryJob | undefined;
    let reconcile: PeriodicJob | undefined;
    let invoices: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      job = startExpiryJob(app.deps, app.log);
      if (app.deps.payments) {
        const every = app.deps.config.RECONCILE_INTERVAL_MINUTES * 60_000;
        reconcile = startReconciliationJob(app.deps, app.log, every);
        invoices = startInvoicePaymentCheck(app.deps, app.log, every);
      }
    });
    app.addHook('onClose', async () => {
      await job?.stop();
      await reconcile?.stop();
      await invoices?.stop();
    });
  }
}

function ipnParams(req: FastifyRequest) {
  const sources = [req.query, req.body].filter((s): s is Record<string, unknown> => !!s && typeof s === 'object' && !Array.isArray(s));
  const pick = (...keys: string[]) => {
    for (const s of sources) {
      for (const k of keys) {
        const v = s[k];
        if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 100);
      }
    }
    return '';
  };
  return {
    trackingId: pick('OrderTrackingId', 'orderTrackingId', 'order_tracking_id'),
    merchantReference: pick('OrderMerchantReference', 'orderMerchantReference', 'merchant_reference'),
    type: pick('OrderNotificationType', 'orderNotificationType'),
  };
}
