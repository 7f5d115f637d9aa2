/** /api/admin/trade: Admin > Trade accounts. Applications, accounts with their members, tiers. */
import {
  AdminTradeAccountDetail,
  AdminTradeAccountList,
  AdminTradeApproveInput,
  AdminTradeCreditInput,
  AdminTradeIdParams,
  AdminTradeListQuery,
  AdminTradeReasonInput,
  AdminTradeTierInput,
  TradeTiers,
} from '@meatshop/shared/trade';
import { StandingOrders } from '@meatshop/shared/standing-orders';
import {
  AdminPriceLineCreate,
  AdminPriceLineInput,
  AdminPriceLineParams,
  AdminPriceList,
  AdminPriceProducts,
  AdminTierInput,
  PriceListQuery,
} from '@meatshop/shared/trade-prices';
import type { App } from '../../../app-types.ts';
import { invalid } from '../../../platform/errors.ts';
import { findProductChoices } from '../../../modules/trade/trade-prices.repository.ts';
import { addPriceLine, addTier, changePriceLine, priceList, removePriceLine } from '../../../modules/trade/trade-prices-admin.service.ts';
import { adminStandingOrders } from '../../../modules/trade/standing-orders.service.ts';
import {
  AdminCreditNoteInput,
  AdminTradePaymentInput,
  TradeCreditNoteParams,
  Receivables,
  ReminderResult,
  TradeInvoiceParams,
  TradeInvoices,
  TradeStatement,
} from '@meatshop/shared/trade-credit';
import { accountInvoices, staffInvoicePdf } from '../../../modules/trade/invoices.service.ts';
import { accountStatement, recordTradePayment, statementCsv } from '../../../modules/trade/payments.service.ts';
import { issueCreditNote, staffCreditNotePdf } from '../../../modules/trade/credit-notes.service.ts';
import { receivables, sendReminder } from '../../../modules/trade/receivables.service.ts';
import { sendCsv, sendPdf } from '../../pdf-reply.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import {
  adminTradeAccount,
  adminTradeAccounts,
  decideTradeAccount,
  setTradeCredit,
  tradeTiers,
} from '../../../modules/trade/trade-admin.service.ts';

export default async function tradeAdminRoutes(app: App) {
  const { db, config } = app.deps;
  const tags = ['admin: trade accounts'];
  const params = AdminTradeIdParams;
  const detail = { 200: AdminTradeAccountDetail };

  app.get('/tiers', { schema: { tags, response: { 200: TradeTiers } } }, () => tradeTiers(db));

  app.get('/accounts', { schema: { tags, querystring: AdminTradeListQuery, response: { 200: AdminTradeAccountList } } }, (req) =>
    adminTradeAccounts(db, req.query.status),
  );

  app.get('/accounts/:id', { schema: { tags, params, response: detail } }, (req) => adminTradeAccount(db, req.params.id));

  app.get('/accounts/:id/standing-orders', { schema: { tags, params, response: { 200: StandingOrders } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return adminStandingOrders(db, req.params.id, app.deps.now());
  });

  const decide = async (id: string, d: Parameters<typeof decideTradeAccount>[2], req: Parameters<typeof staffActor>[0]) => {
    const result = await decideTradeAccount(db, id, d, await staffActor(req), config.publicUrl);
    // The owner's email was queued with the decision; wake the worker rather than wait for its poll.
    void app.deps.messages.drain();
    return result;
  };

  app.post('/accounts/:id/approve', { schema: { tags, params, body: AdminTradeApproveInput, response: detail } }, (req) =>
    decide(req.params.id, { kind: 'approve', tierId: req.body.tierId }, req),
  );
  app.post('/accounts/:id/decline', { schema: { tags, params, body: AdminTradeReasonInput, response: detail } }, (req) =>
    decide(req.params.id, { kind: 'decline', reason: req.body.reason }, req),
  );
  app.post('/accounts/:id/suspend', { schema: { tags, params, body: AdminTradeReasonInput, response: detail } }, (req) =>
    decide(req.params.id, { kind: 'suspend', reason: req.body.reason }, req),
  );
  app.post('/accounts/:id/reinstate', { schema: { tags, params, response: detail } }, (req) =>
    decide(req.params.id, { kind: 'reinstate' }, req),
  );
  app.post('/accounts/:id/tier', { schema: { tags, params, body: AdminTradeTierInput, response: detail } }, (req) =>
    decide(req.params.id, { kind: 'tier', tierId: req.body.tierId }, req),
  );

  app.post('/tiers', { schema: { tags, body: AdminTierInput, response: { 201: TradeTiers } } }, async (req, reply) => {
    await addTier(db, req.body.name, await staffActor(req));
    return reply.code(201).send(await tradeTiers(db));
  });

  // Price lists: a tier's or one account's lines.
  app.get('/price-products', { schema: { tags, response: { 200: AdminPriceProducts } } }, async () => ({
    products: await findProductChoices(db),
  }));
  app.get('/prices', { schema: { tags, querystring: PriceListQuery, response: { 200: AdminPriceList } } }, (req) => {
    const { tierId, accountId } = req.query;
    if (!tierId === !accountId) throw invalid('Choose a tier or an account', { tierId: 'Choose a tier or an account' });
    return priceList(db, tierId ? { tierId } : { accountId: accountId! });
  });
  app.post('/prices', { schema: { tags, body: AdminPriceLineCreate, response: { 201: AdminPriceList } } }, async (req, reply) =>
    reply.code(201).send(await addPriceLine(db, req.body, await staffActor(req))),
  );
  app.put(
    '/prices/:id',
    { schema: { tags, params: AdminPriceLineParams, body: AdminPriceLineInput, response: { 200: AdminPriceList } } },
    async (req) => changePriceLine(db, req.params.id, req.body, await staffActor(req)),
  );
  app.delete('/prices/:id', { schema: { tags, params: AdminPriceLineParams, response: { 200: AdminPriceList } } }, async (req) =>
    removePriceLine(db, req.params.id, await staffActor(req)),
  );

  app.put('/accounts/:id/credit', { schema: { tags, params, body: AdminTradeCreditInput, response: detail } }, async (req) =>
    setTradeCredit(db, req.params.id, req.body, await staffActor(req)),
  );

  app.get('/accounts/:id/invoices', { schema: { tags, params, response: { 200: TradeInvoices } } }, (req) =>
    accountInvoices(db, req.params.id, app.deps.now()),
  );
  app.get('/invoices/:id/pdf', { schema: { tags, params: TradeInvoiceParams, produces: ['application/pdf'] } }, async (req, reply) =>
    sendPdf(reply, await staffInvoicePdf(db, req.params.id)),
  );

  app.get('/accounts/:id/statement', { schema: { tags, params, response: { 200: TradeStatement } } }, (req) =>
    accountStatement(db, req.params.id, app.deps.now()),
  );
  app.get('/accounts/:id/statement.csv', { schema: { tags, params, produces: ['text/csv'] } }, async (req, reply) =>
    sendCsv(reply, 'statement.csv', statementCsv(await accountStatement(db, req.params.id, app.deps.now()))),
  );
  app.post(
    '/accounts/:id/payments',
    { schema: { tags, params, body: AdminTradePaymentInput, response: { 200: TradeStatement } } },
    async (req) => recordTradePayment(db, req.params.id, req.body, await staffActor(req), app.deps.now()),
  );

  app.post(
    '/invoices/:id/credit-notes',
    { schema: { tags, params: TradeInvoiceParams, body: AdminCreditNoteInput, response: { 200: TradeInvoices } } },
    async (req) => {
      const note = await issueCreditNote(db, req.params.id, req.body, await staffActor(req), app.deps.now());
      return accountInvoices(db, note.accountId, app.deps.now());
    },
  );
  app.get('/credit-notes/:id/pdf', { schema: { tags, params: TradeCreditNoteParams, produces: ['application/pdf'] } }, async (req, reply) =>
    sendPdf(reply, await staffCreditNotePdf(db, req.params.id)),
  );

  app.get('/receivables', { schema: { tags, response: { 200: Receivables } } }, () => receivables(db, app.deps.now()));
  app.post(
    '/accounts/:id/remind',
    { config: { errors: ['CONFLICT'] }, schema: { tags, params, response: { 200: ReminderResult } } },
    async (req) => {
      const result = await sendReminder(db, req.params.id, await staffActor(req), config.publicUrl, app.deps.now());
      void app.deps.messages.drain();
      return result;
    },
  );
}
