/**
 * /api/admin/recalls: food-safety recalls. Trace a batch to the outlets holding it and the orders
 * and customers that received it, open a recall (which stops its sale everywhere), tell the
 * customers, and export the list for the regulator (CSV, or a PDF with the same content).
 */
import {
  RecallCreateInput,
  RecallDetail,
  RecallIdParams,
  RecallList,
  RecallNotifyResult,
  RecallProducts,
  RecallTarget,
  RecallTrace,
} from '@meatshop/shared/recalls';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { productsWithBatches } from '../../../modules/recalls/recalls.repository.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import {
  createRecall,
  notifyRecall,
  recallCsv,
  recallDetail,
  recallList,
  recallPdf,
  stopSale,
  traceRecall,
} from '../../../modules/recalls/recalls.service.ts';

export default async function recallsRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['admin: recalls'];

  app.get('/', { schema: { tags, response: { 200: RecallList } } }, () => recallList(db));

  app.get('/products', { schema: { tags, response: { 200: RecallProducts } } }, async () => ({ products: await productsWithBatches(db) }));

  app.get('/trace', { schema: { tags, querystring: RecallTarget, response: { 200: RecallTrace } } }, (req) => traceRecall(db, req.query));

  app.post('/', { schema: { tags, body: RecallCreateInput, response: { 201: RecallDetail } } }, async (req, reply) => {
    reply.code(201);
    return createRecall(db, req.body, await staffActor(req));
  });

  app.get('/:id', { schema: { tags, params: RecallIdParams, response: { 200: RecallDetail } } }, (req) => recallDetail(db, req.params.id));

  app.post('/:id/stop-sale', { schema: { tags, params: RecallIdParams, response: { 200: RecallDetail } } }, async (req) =>
    stopSale(db, req.params.id, await staffActor(req)),
  );

  app.post('/:id/notify', { schema: { tags, params: RecallIdParams, response: { 200: RecallNotifyResult } } }, async (req) => {
    const result = await notifyRecall(db, req.params.id, await staffActor(req));
    // The worker sends after COMMIT; wake it rather than wait for its next poll.
    void app.deps.messages.drain();
    return result;
  });

  app.get('/:id/export.csv', { schema: { tags, params: RecallIdParams, response: { 200: z.string() } } }, async (req, reply) => {
    const csv = await recallCsv(db, req.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="recall-${req.params.id.slice(0, 8)}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/:id/export.pdf', { schema: { tags, params: RecallIdParams, produces: ['application/pdf'] } }, async (req, reply) => {
    const { pdf, fileName } = await recallPdf(db, req.params.id, app.deps.now());
    // It lists customers and their phone numbers: never kept by a shared cache or the browser.
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  });
}
