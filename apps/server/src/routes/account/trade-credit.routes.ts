/**
 * /api/account/trade/invoices and /statement: the caller's business's invoices (and what it owes on
 * account), each downloadable as a PDF, and its statement (invoices, payments, balance) as JSON or CSV. Found from the caller's membership; another business's invoice is a 404.
 */
import { TradeInvoiceParams, TradeInvoices, TradeStatement } from '@meatshop/shared/trade-credit';
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
}
