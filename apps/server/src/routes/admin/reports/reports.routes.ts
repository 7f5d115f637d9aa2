/**
 * /api/admin/reports: sales over a Kampala date range, inventory valuation, and payments (paid and
 * refunded per day and method, with the provider's differences), substitutions per product, and
 * delivery performance (time out of the chiller per order, rider and outlet), as JSON or CSV.
 */
import {
  InventoryReport,
  PaymentCheckResult,
  PaymentDifferences,
  PaymentsReport,
  PaymentsReportQuery,
  SalesCsvQuery,
  SalesReport,
  SalesReportQuery,
  SubstitutionReport,
  WeighedReport,
} from '@meatshop/shared/reports';
import { DeliveryPerformanceReport } from '@meatshop/shared/cold-chain';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { checkPaymentNow, paymentDifferences } from '../../../modules/payments/reconciliation.ts';
import { paymentsCsv, paymentsRange, paymentsReport } from '../../../modules/reports/payments-report.service.ts';
import { substitutionCsv, substitutionReport } from '../../../modules/reports/substitutions-report.service.ts';
import { inventoryCsv, inventoryReport, salesCsv, salesReport } from '../../../modules/reports/reports.service.ts';
import { defaultAccess } from '../../../modules/accounts/access.ts';
import { weighedCsv, weighedReport } from '../../../modules/reports/weighed-report.service.ts';
import { invalid } from '../../../platform/errors.ts';
import { deliveryPerformanceCsv, deliveryPerformanceReport } from '../../../modules/cold-chain/cold-chain.service.ts';

export default async function reportsRoutes(app: App) {
  defaultAccess(app, 'admin');
  const { db } = app.deps;
  const tags = ['admin: reports'];

  app.get('/sales', { schema: { tags, querystring: SalesReportQuery, response: { 200: SalesReport } } }, (req) =>
    salesReport(db, { from: req.query.from, to: req.query.to }),
  );

  app.get('/sales.csv', { schema: { tags, querystring: SalesCsvQuery, response: { 200: z.string() } } }, async (req, reply) => {
    const { from, to, by } = req.query;
    // The same range rules as the JSON report.
    const checked = SalesReportQuery.safeParse({ from, to });
    if (!checked.success) throw invalid(checked.error.issues[0]?.message ?? 'Invalid date range');
    const { filename, csv } = await salesCsv(db, { from, to }, by);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  // Sold by weight: kg per product and outlet, and what weighing above the estimate gave away.
  app.get('/weighed', { schema: { tags, querystring: SalesReportQuery, response: { 200: WeighedReport } } }, (req) =>
    weighedReport(db, { from: req.query.from, to: req.query.to }),
  );

  app.get('/weighed.csv', { schema: { tags, querystring: SalesReportQuery, response: { 200: z.string() } } }, async (req, reply) => {
    const { filename, csv } = await weighedCsv(db, { from: req.query.from, to: req.query.to });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/inventory', { schema: { tags, response: { 200: InventoryReport } } }, () => inventoryReport(db));

  app.get('/inventory.csv', { schema: { tags, response: { 200: z.string() } } }, async (_req, reply) => {
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="inventory-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(await inventoryCsv(db));
  });

  app.get('/payments', { schema: { tags, querystring: PaymentsReportQuery, response: { 200: PaymentsReport } } }, async (req) =>
    paymentsReport(db, await paymentsRange(db, req.query)),
  );

  app.get('/payments.csv', { schema: { tags, querystring: PaymentsReportQuery, response: { 200: z.string() } } }, async (req, reply) => {
    const { filename, csv } = await paymentsCsv(db, await paymentsRange(db, req.query));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/substitutions', { schema: { tags, querystring: PaymentsReportQuery, response: { 200: SubstitutionReport } } }, async (req) =>
    substitutionReport(db, await paymentsRange(db, req.query)),
  );

  app.get(
    '/substitutions.csv',
    { schema: { tags, querystring: PaymentsReportQuery, response: { 200: z.string() } } },
    async (req, reply) => {
      const { filename, csv } = await substitutionCsv(db, await paymentsRange(db, req.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/delivery-performance',
    { schema: { tags, querystring: PaymentsReportQuery, response: { 200: DeliveryPerformanceReport } } },
    async (req) => deliveryPerformanceReport(db, await paymentsRange(db, req.query)),
  );

  app.get(
    '/delivery-performance.csv',
    { schema: { tags, querystring: PaymentsReportQuery, response: { 200: z.string() } } },
    async (req, reply) => {
      const { filename, csv } = await deliveryPerformanceCsv(db, await paymentsRange(db, req.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get('/payments/differences', { schema: { tags, response: { 200: PaymentDifferences } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return paymentDifferences(app.deps);
  });

  app.post(
    '/payments/:paymentId/check',
    {
      config: { permission: 'cash.manage', errors: ['PAYMENT_UNAVAILABLE'] },
      schema: { tags, params: z.object({ paymentId: z.uuid({ error: 'Payment not found' }) }), response: { 200: PaymentCheckResult } },
    },
    (req) => checkPaymentNow(app.deps, req.params.paymentId),
  );
}
