/** /api/admin/ops (inventory): catalogue and outlet stock, adjustments and transfers, and the stock ledger. */
import {
  AdminDeliveryInput,
  InventoryList,
  InventoryQuery,
  OutletStockList,
  OutletStockQuery,
  StockAdjustInput,
  StockTransferInput,
  StockTransferResult,
  StockAdjustResult,
  StockMovementList,
  StockMovementsQuery,
} from '@meatshop/shared/inventory';
import { BatchIdParams, StockBatchList, StockBatchesQuery, WriteOffInput, WriteOffResult } from '@meatshop/shared/batches';
import type { App } from '../../../app-types.ts';
import { batchList, batchStatusesFor, startBatchExpiry, writeOff } from '../../../modules/inventory/batches.service.ts';
import type { PeriodicJob } from '../../../platform/periodic-job.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import {
  adjustStock,
  outletInventory,
  productInventory,
  recordDelivery,
  stockMovementsList,
  transferStock,
} from '../../../modules/inventory/inventory.service.ts';
import { defaultAccess } from '../../../modules/accounts/access.ts';

export default async function inventoryRoutes(app: App) {
  defaultAccess(app, 'admin');
  const { db } = app.deps;
  const tags = ['admin: operations'];

  app.get('/inventory', { schema: { tags, querystring: InventoryQuery, response: { 200: InventoryList } } }, async (req) => ({
    items: await productInventory(db, req.query),
  }));

  app.get('/outlet-stock', { schema: { tags, querystring: OutletStockQuery, response: { 200: OutletStockList } } }, async (req) => ({
    items: await outletInventory(db, req.query),
  }));

  app.post('/stock-adjustments', { schema: { tags, body: StockAdjustInput, response: { 200: StockAdjustResult } } }, async (req) => {
    return adjustStock(db, req.body, await staffActor(req));
  });

  // A delivery from the factory at any outlet, lot by lot: the outlet portal's own form and rules
  // (a lot past its sell-by cut-off or under recall is refused), so the back office never adds
  // units to an outlet's unknown batch when the label is in hand.
  app.post(
    '/stock-deliveries',
    // NOT_FOUND: the outlet named in the body is gone.
    { config: { errors: ['NOT_FOUND'] }, schema: { tags, body: AdminDeliveryInput, response: { 200: StockAdjustResult } } },
    async (req) => {
      const { outletId, ...delivery } = req.body;
      return recordDelivery(db, outletId, delivery, await staffActor(req));
    },
  );

  app.post('/stock-transfers', { schema: { tags, body: StockTransferInput, response: { 200: StockTransferResult } } }, async (req) => {
    return transferStock(db, req.body, await staffActor(req));
  });

  app.get(
    '/stock-movements',
    { schema: { tags, querystring: StockMovementsQuery, response: { 200: StockMovementList } } },
    async (req) => ({
      movements: await stockMovementsList(db, req.query),
    }),
  );

  app.get('/stock-batches', { schema: { tags, querystring: StockBatchesQuery, response: { 200: StockBatchList } } }, async (req) =>
    batchList(db, { outletId: req.query.outletId, productId: req.query.productId, statuses: batchStatusesFor(req.query.view) }),
  );

  app.post(
    '/stock-batches/:id/write-off',
    { schema: { tags, params: BatchIdParams, body: WriteOffInput, response: { 200: WriteOffResult } } },
    async (req) => writeOff(db, req.params.id, req.body.reason, await staffActor(req)),
  );

  if (app.deps.config.backgroundJobs) {
    let job: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      job = startBatchExpiry(db);
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }
}
