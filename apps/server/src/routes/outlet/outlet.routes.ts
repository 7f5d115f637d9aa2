/**
 * /api/outlet: the outlet portal. Active outlet employees only, and every call works on the
 * employee's own outlet (actor.employee.outletId), whatever outlet id the browser keeps.
 */
import {
  OrderIdParams,
  OutletDashboard,
  OutletOrderDetail,
  OutletOrderList,
  OutletOrdersQuery,
  OutletSettings,
  OutletSettingsInput,
  OutletStaff,
  OutletStaffMember,
  OutletStaffUpdateInput,
  StaffIdParams,
} from '@meatshop/shared/outlet';
import { CashHandoverInput, CashOverview, CashReverseInput, HandoverIdParams, RiderCash } from '@meatshop/shared/cash';
import {
  OutletCountInput,
  OutletDeliveryInput,
  OutletOwnStock,
  OutletStockAdjustInput,
  OutletStockTransferInput,
  TransferTargets,
  StockAdjustResult,
  StockMovementList,
  StockTransferResult,
} from '@meatshop/shared/inventory';
import {
  BatchIdParams,
  BatchOverrideInput,
  StockBatchList,
  StockBatchesQuery,
  WriteOffInput,
  WriteOffResult,
} from '@meatshop/shared/batches';
import { OrderRefund } from '@meatshop/shared/refunds';
import { OrderLineParams, ShortLineInput, SubstituteSuggestions } from '@meatshop/shared/substitutions';
import { OrderItemParams, OutletWeighInput } from '@meatshop/shared/weighing';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { staffActor } from '../../modules/audit/audit-actor.ts';
import { cashOverview, recordHandover, reverseHandover } from '../../modules/delivery/cash.service.ts';
import {
  confirmOrderReturn,
  getOutletOrder,
  listOutletOrders,
  markOrderReady,
  overridePackingBatch,
  outletDashboard,
  shortLine,
  substitutesForLine,
  weighOrderLine,
} from '../../modules/orders/outlet-orders.service.ts';
import {
  adjustStock,
  outletInventory,
  recordCount,
  recordDelivery,
  stockMovementsList,
  transferStock,
  transferTargets,
} from '../../modules/inventory/inventory.service.ts';
import { batchList, batchStatusesFor, writeOff } from '../../modules/inventory/batches.service.ts';
import { assertManager, outletActor } from '../../modules/outlets/outlet-portal.policy.ts';
import { orderRefundView } from '../../modules/payments/refund-views.ts';
import { recordCashRefundPaid } from '../../modules/payments/refunds.service.ts';
import { getOutletSettings, listOutletStaff, updateOutletSettings, updateOutletStaff } from '../../modules/outlets/outlet-staff.service.ts';
import { defaultAccess, requireActor } from '../../modules/accounts/access.ts';

import { ColdChainAlerts } from '@meatshop/shared/cold-chain';
import { openColdChainAlerts } from '../../modules/cold-chain/cold-chain.service.ts';

const tags = ['outlet'];

export default async function outletRoutes(app: App) {
  defaultAccess(app, 'outletEmployee');
  const { db } = app.deps;
  const me = async (req: Parameters<typeof requireActor>[0]) => outletActor(await requireActor(req));

  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Its own orders only: the outlet comes from the employee, never from the request.
  app.get('/cold-chain', { schema: { tags, response: { 200: ColdChainAlerts } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { alerts: await openColdChainAlerts(db, (await me(req)).outletId, app.deps.now()) };
  });

  app.get('/dashboard', { schema: { tags, response: { 200: OutletDashboard } } }, async (req) => {
    return outletDashboard(db, (await me(req)).outletId);
  });

  // The outlet's own stock and its ledger, for every member of staff; changes are the manager's.
  app.get('/stock', { schema: { tags, response: { 200: OutletOwnStock } } }, async (req) => {
    const staff = await me(req);
    return { items: await outletInventory(db, { outletId: staff.outletId }), canChange: staff.isManager };
  });

  app.get('/transfer-targets', { schema: { tags, response: { 200: TransferTargets } } }, async (req) => ({
    outlets: await transferTargets(db, (await me(req)).outletId),
  }));

  app.post('/stock-deliveries', { schema: { tags, body: OutletDeliveryInput, response: { 200: StockAdjustResult } } }, async (req) => {
    const actor = await requireActor(req);
    const staff = outletActor(actor);
    assertManager(staff, 'record deliveries');
    return recordDelivery(db, staff.outletId, req.body, await staffActor(req));
  });

  app.post('/stock-counts', { schema: { tags, body: OutletCountInput, response: { 200: StockAdjustResult } } }, async (req) => {
    const actor = await requireActor(req);
    const staff = outletActor(actor);
    assertManager(staff, 'record stock counts');
    return recordCount(db, staff.outletId, req.body, await staffActor(req));
  });

  app.get('/stock-movements', { schema: { tags, response: { 200: StockMovementList } } }, async (req) => ({
    movements: await stockMovementsList(db, { outletId: (await me(req)).outletId, limit: 100 }),
  }));

  // The outlet's batches on sale, or those past sell-by or stopped that wait for disposal.
  app.get('/stock-batches', { schema: { tags, querystring: StockBatchesQuery, response: { 200: StockBatchList } } }, async (req) => {
    const staff = await me(req);
    return batchList(db, { outletId: staff.outletId, productId: req.query.productId, statuses: batchStatusesFor(req.query.view) });
  });

  app.post(
    '/stock-batches/:id/write-off',
    { schema: { tags, params: BatchIdParams, body: WriteOffInput, response: { 200: WriteOffResult } } },
    async (req) => {
      const staff = outletActor(await requireActor(req));
      assertManager(staff, 'write off stock');
      return writeOff(db, req.params.id, req.body.reason, await staffActor(req), staff.outletId);
    },
  );

  app.post('/stock-adjustments', { schema: { tags, body: OutletStockAdjustInput, response: { 200: StockAdjustResult } } }, async (req) => {
    const actor = await requireActor(req);
    const staff = outletActor(actor);
    assertManager(staff, 'record deliveries, counts and adjustments');
    return adjustStock(db, { ...req.body, outletId: staff.outletId }, await staffActor(req));
  });

  app.post(
    '/stock-transfers',
    { schema: { tags, body: OutletStockTransferInput, response: { 200: StockTransferResult } } },
    async (req) => {
      const actor = await requireActor(req);
      const staff = outletActor(actor);
      assertManager(staff, 'send stock to another outlet');
      return transferStock(db, { ...req.body, fromOutletId: staff.outletId }, await staffActor(req));
    },
  );

  app.get('/orders', { schema: { tags, querystring: OutletOrdersQuery, response: { 200: OutletOrderList } } }, async (req) => {
    return { orders: await listOutletOrders(db, (await me(req)).outletId, req.query) };
  });

  app.get('/orders/:id', { schema: { tags, params: OrderIdParams, response: { 200: OutletOrderDetail } } }, async (req) => {
    return getOutletOrder(db, (await me(req)).outletId, req.params.id);
  });

  app.post('/orders/:id/ready', { schema: { tags, params: OrderIdParams, response: { 200: OutletOrderDetail } } }, async (req) => {
    return markOrderReady(app.deps, (await me(req)).outletId, req.params.id, await staffActor(req));
  });

  /** Substitutes for a line of this outlet's order: the customer's own alternative first, then suggestions. */
  app.get(
    '/orders/:id/lines/:lineId/substitutes',
    { schema: { tags, params: OrderLineParams, response: { 200: SubstituteSuggestions } } },
    async (req) => ({ suggestions: await substitutesForLine(db, (await me(req)).outletId, req.params.id, req.params.lineId) }),
  );

  /** At packing: a line short by some units, resolved with a substitute or a refund. */
  app.post(
    '/orders/:id/lines/:lineId/short',
    {
      config: { errors: ['OUT_OF_STOCK'] },
      schema: { tags, params: OrderLineParams, body: ShortLineInput, response: { 200: OutletOrderDetail } },
    },
    async (req) => shortLine(app.deps, (await me(req)).outletId, req.params.id, req.params.lineId, req.body, await staffActor(req)),
  );

  /** Packing from another batch than first expiring first, with the reason. */
  app.post(
    '/orders/:id/batch-override',
    { schema: { tags, params: OrderIdParams, body: BatchOverrideInput, response: { 200: OutletOrderDetail } } },
    async (req) => overridePackingBatch(db, (await me(req)).outletId, req.params.id, req.body, await staffActor(req)),
  );

  /** The packing step: the weight of one weighed line, in grams. */
  app.put(
    '/orders/:id/items/:itemId/weight',
    { schema: { tags, params: OrderItemParams, body: OutletWeighInput, response: { 200: OutletOrderDetail } } },
    async (req) => {
      const body = OutletWeighInput.parse(req.body);
      return weighOrderLine(db, (await me(req)).outletId, req.params.id, req.params.itemId, body, await staffActor(req));
    },
  );

  /** The goods of an order cancelled after pickup are back: they go back in stock now, not before. */
  app.post('/orders/:id/confirm-return', { schema: { tags, params: OrderIdParams, response: { 200: OutletOrderDetail } } }, async (req) => {
    return confirmOrderReturn(db, await me(req), req.params.id, await staffActor(req));
  });

  app.get('/staff', { schema: { tags, response: { 200: OutletStaff } } }, async (req) => {
    return listOutletStaff(db, await me(req));
  });

  app.patch(
    '/staff/:id',
    { schema: { tags, params: StaffIdParams, body: OutletStaffUpdateInput, response: { 200: OutletStaffMember } } },
    async (req) => updateOutletStaff(db, await me(req), await staffActor(req), req.params.id, req.body),
  );

  app.get('/settings', { schema: { tags, response: { 200: OutletSettings } } }, async (req) => {
    return getOutletSettings(db, await me(req));
  });

  app.patch('/settings', { schema: { tags, body: OutletSettingsInput, response: { 200: OutletSettings } } }, async (req) => {
    return updateOutletSettings(db, await me(req), await staffActor(req), req.body);
  });

  // Riders hand their cash-on-delivery takings over at the outlet; the manager
  // counts and records it, and corrects a wrong entry by reversing it.
  app.get('/cash', { schema: { tags, response: { 200: CashOverview } } }, async (req) => {
    const staff = await me(req);
    return { ...(await cashOverview(db, app.deps.now())), canRecord: staff.isManager };
  });

  /** The customer was paid a cash refund at this outlet's counter (for one of its orders). */
  app.post(
    '/refunds/:id/cash-paid',
    { schema: { tags, params: z.object({ id: z.uuid('Invalid id') }), response: { 200: OrderRefund } } },
    async (req) => orderRefundView(await recordCashRefundPaid(db, await staffActor(req), req.params.id, (await me(req)).outletId, true)),
  );

  const cashManager = async (req: Parameters<typeof requireActor>[0], what: string) => {
    const staff = outletActor(await requireActor(req));
    assertManager(staff, what);
    return { ...(await staffActor(req)), outletId: staff.outletId };
  };

  app.post(
    '/cash/handovers',
    { config: { errors: ['NOT_FOUND'] }, schema: { tags, body: CashHandoverInput, response: { 201: RiderCash } } },
    async (req, reply) => {
      const receiver = await cashManager(req, 'record cash hand-overs');
      return reply.code(201).send(await recordHandover(db, receiver, req.body, app.deps.now()));
    },
  );

  app.post(
    '/cash/handovers/:id/reverse',
    { schema: { tags, params: HandoverIdParams, body: CashReverseInput, response: { 201: RiderCash } } },
    async (req, reply) => {
      const by = await cashManager(req, 'reverse cash hand-overs');
      return reply.code(201).send(await reverseHandover(db, by, req.params.id, req.body.reason, app.deps.now()));
    },
  );
}
