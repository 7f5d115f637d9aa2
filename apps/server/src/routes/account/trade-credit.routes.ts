/**
 * /api/account/trade/invoices: the caller's business's invoices (and what it owes on account), each
 * downloadable as a PDF. Found from the caller's membership; another business's invoice is a 404.
 */
import { TradeInvoiceParams, TradeInvoices } from '@meatshop/shared/trade-credit';
import type { App } from '../../app-types.ts';
import { defaultAccess, requireActor } from '../../modules/accounts/access.ts';
import { myInvoicePdf, myInvoices } from '../../modules/trade/invoices.service.ts';
import { sendPdf } from '../pdf-reply.ts';

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
}
