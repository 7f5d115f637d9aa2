/**
 * /api/account/trade/invoices and /statement: the caller's business's invoices (and what it owes on
 * account), each downloadable as a PDF, its credit notes, and its statement (invoices, payments,
 * credit notes, balance) as JSON or CSV; an invoice paid online (Pay now, then the check after the
 * provider's redirect). Found from the caller's membership; another business's invoice is a 404.
 */
import {
  InvoicePaymentResult,
  InvoicePaymentVerifyInput,
  PayInvoiceResponse,
  TradeCreditNoteParams,
  TradeInvoiceParams,
  TradeInvoices,
  TradeStatement,
} from '@meatshop/shared/trade-credit';
import { myCreditNotePdf } from '../../modules/trade/credit-notes.service.ts';
import { payInvoice, verifyInvoicePayment } from '../../modules/trade/invoice-payments.service.ts';
import { enforce } from '../../platform/rate-limit.ts';
import type { App } from '../../app-types.ts';
import { defaultAccess, requireActor } from '../../modules/accounts/access.ts';
import { myInvoicePdf, myInvoices } from '../../modules/trade/invoices.service.ts';
import { myStatement, statementCsv } from '../../modules/trade/payments.service.ts';
import { sendCsv, sendPdf } from '../pdf-reply.ts';

export default async function tradeCreditRoutes(app: App) {
  defaultAccess(app, 'customer');
  const { db } = app.deps;
  const tags = ['account: trade'];

  app.get('/invoices', { schema: { tags, response: { 200: TradeInvoices } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return myInvoices(db, (await requireActor(req)).userId, app.deps.now());
  });

  app.get('/invoices/:id/pdf', { schema: { tags, params: TradeInvoiceParams, produces: ['application/pdf'] } }, async (req, reply) =>
    sendPdf(reply, await myInvoicePdf(db, (await requireActor(req)).userId, req.params.id)),
  );

  app.get('/statement', { schema: { tags, response: { 200: TradeStatement } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return myStatement(db, (await requireActor(req)).userId, app.deps.now());
  });

  app.get('/statement.csv', { schema: { tags, produces: ['text/csv'] } }, async (req, reply) =>
    sendCsv(reply, 'statement.csv', statementCsv(await myStatement(db, (await requireActor(req)).userId, app.deps.now()))),
  );

  app.post(
    '/invoices/:id/pay',
    {
      config: { errors: ['RATE_LIMITED', 'PAYMENT_UNAVAILABLE'] },
      schema: { tags, params: TradeInvoiceParams, response: { 200: PayInvoiceResponse } },
    },
    async (req) => {
      const { userId } = await requireActor(req);
      await enforce(db, [{ key: `trade:pay:${userId}`, max: 20, windowSeconds: 600 }]);
      return payInvoice(app.deps, userId, req.params.id);
    },
  );

  app.post(
    '/invoice-payments/verify',
    {
      config: { errors: ['NOT_FOUND', 'RATE_LIMITED', 'PAYMENT_UNAVAILABLE'] },
      schema: { tags, body: InvoicePaymentVerifyInput, response: { 200: InvoicePaymentResult } },
    },
    async (req, reply) => {
      const { userId } = await requireActor(req);
      // The statement polls while mobile money confirms; this bounds it without getting in its way.
      await enforce(db, [{ key: `trade:pay-verify:${userId}`, max: 120, windowSeconds: 600 }]);
      reply.header('cache-control', 'no-store');
      return verifyInvoicePayment(app.deps, userId, req.body.orderTrackingId);
    },
  );

  app.get('/credit-notes/:id/pdf', { schema: { tags, params: TradeCreditNoteParams, produces: ['application/pdf'] } }, async (req, reply) =>
    sendPdf(reply, await myCreditNotePdf(db, (await requireActor(req)).userId, req.params.id)),
  );
}
