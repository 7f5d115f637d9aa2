/**
 * The simulator's hosted payment page (/pay/simulator/:trackingId), served only when the simulator
 * is the provider. Like Pesapal's page it needs no sign-in: the tracking id is the secret. After
 * the payer decides, it notifies the shop as an IPN would, then sends the browser to our callback
 * with OrderTrackingId and OrderMerchantReference, exactly as Pesapal does.
 */
import { SIMULATOR_DECLINE_PIN } from '@meatshop/shared/payments';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { handleInvoiceNotification } from '../../modules/trade/invoice-payments.service.ts';
import { handleNotification } from '../../modules/payments/payments.service.ts';
import { renderSimulatorPage, returnUrl } from '../../modules/payments/simulator/simulator-page.ts';
import { findSimulatorTransaction, settleSimulatorTransaction } from '../../modules/payments/simulator/simulator.repository.ts';
import { SIMULATOR_PATH } from '../../modules/payments/simulator/simulator-provider.ts';
import { forbidden } from '../../platform/errors.ts';
import { enforce } from '../../platform/rate-limit.ts';
import { parseForm } from './form-body.ts';

const Params = z.object({ trackingId: z.uuid() });
const Decision = z.object({ decision: z.enum(['approve', 'decline', 'cancel']), pin: z.string().optional() });

const html = (reply: { header(k: string, v: string): unknown }) => {
  reply.header('content-type', 'text/html; charset=utf-8');
  reply.header('cache-control', 'no-store');
  // Helmet's no-referrer makes Chrome send `Origin: null` on the page's form posts, which the
  // origin check below would refuse; same-origin keeps the real Origin without leaking it elsewhere.
  reply.header('referrer-policy', 'same-origin');
};

export default async function simulatorRoutes(app: App) {
  const { db, config } = app.deps;
  parseForm(app);

  const notFoundPage = '<!doctype html><title>Payment not found</title><p>Payment not found.</p>';

  app.get(
    `${SIMULATOR_PATH}/:trackingId`,
    { config: { access: 'visitor' }, schema: { hide: true, params: Params } },
    async (req, reply) => {
      html(reply);
      const tx = await findSimulatorTransaction(db, req.params.trackingId);
      if (!tx) return reply.code(404).send(notFoundPage);
      return reply.send(renderSimulatorPage(tx));
    },
  );

  app.post(
    `${SIMULATOR_PATH}/:trackingId`,
    { config: { access: 'visitor' }, schema: { hide: true, params: Params } },
    async (req, reply) => {
      // A form from another site must not settle a payment (the API's origin check covers /api only).
      const origin = req.headers.origin;
      if (origin && origin !== config.publicUrl && origin !== `http://${req.headers.host}` && origin !== `https://${req.headers.host}`) {
        throw forbidden('Cross-site request refused.');
      }
      await enforce(db, [{ key: `simulator:ip:${req.ip}`, max: 60, windowSeconds: 60 }]);
      html(reply);
      const tx = await findSimulatorTransaction(db, req.params.trackingId);
      if (!tx) return reply.code(404).send(notFoundPage);
      // Already answered (double submit, back button): just go back to the shop.
      if (tx.status !== 'pending') return reply.redirect(returnUrl(tx), 303);

      const form = Decision.safeParse(req.body ?? {});
      if (!form.success) return reply.code(400).send(renderSimulatorPage(tx, { error: 'Choose whether to approve the payment.' }));
      const { decision, pin = '' } = form.data;
      const mobile = tx.method !== 'card';
      if (decision === 'approve' && mobile && !/^\d{4}$/.test(pin)) {
        return reply.code(400).send(renderSimulatorPage(tx, { error: 'Enter your 4-digit PIN.' }));
      }

      const outcome = settle(decision, mobile, pin);
      await settleSimulatorTransaction(db, tx.trackingId, outcome);
      // Pesapal's IPN, delivered in-process: the same verification code runs before the browser returns.
      await (async () =>
        (await handleNotification(app.deps, tx.trackingId, tx.merchantReference)) ||
        (await handleInvoiceNotification(app.deps, tx.trackingId, tx.merchantReference)))().catch((err) => {
        req.log.error({ err }, 'simulator notification failed');
      });
      return reply.redirect(returnUrl(tx), 303);
    },
  );
}

function settle(decision: 'approve' | 'decline' | 'cancel', mobile: boolean, pin: string) {
  const code = () => `SIM${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  if (decision === 'cancel')
    return { status: 'failed' as const, statusDescription: 'Payment cancelled by the payer', confirmationCode: '' };
  if (decision === 'decline') {
    return {
      status: 'failed' as const,
      statusDescription: 'Unable to Authorize Transaction. Kindly contact your bank for assistance',
      confirmationCode: code(),
    };
  }
  if (mobile && pin === SIMULATOR_DECLINE_PIN) {
    return { status: 'failed' as const, statusDescription: 'Wrong PIN entered. The payment was declined', confirmationCode: code() };
  }
  return { status: 'completed' as const, statusDescription: 'Payment approved', confirmationCode: code() };
}
