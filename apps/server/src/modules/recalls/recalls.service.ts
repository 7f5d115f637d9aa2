/**
 * Food-safety recalls: trace a product's batch (or its batches produced in a date range) to every
 * outlet holding it and every order and customer that received it; stop its sale everywhere in one
 * transaction; tell the customers through the outbox and read back who was reached; export the list.
 */
import { SHOP } from '@meatshop/shared/constants';
import type { RecallCreateInput, RecallSummary, RecallTarget, RecallTrace } from '@meatshop/shared/recalls';
import { shortOrderId } from '@meatshop/shared/status';
import { formatGrams } from '@meatshop/shared/weighing';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { removeBatchFromSale } from '../inventory/batches.service.ts';
import { queueRecallMessages } from '../messages/order-messages.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { buildRecallPdf, recallFileName } from './recall-pdf.ts';
import {
  findRecall,
  insertRecall,
  listRecalls,
  liveRecallBatchIds,
  productOf,
  type RecallRow,
  recallBatches,
  recallOrders,
  type Target,
  updateRecall,
} from './recalls.repository.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const pgArray = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)
        .map((s) => s.replace(/^"|"$/g, ''));

/** Orders listed on screen; the totals count every one, and the CSV export lists them all. */
export const RECALL_ORDERS_SHOWN = 500;

export async function traceRecall(
  tx: Tx,
  target: Target,
  recallId: string | null = null,
  limit: number | null = RECALL_ORDERS_SHOWN,
): Promise<RecallTrace> {
  const product = await productOf(tx, target.productId);
  if (!product) throw notFound('Product not found');
  const batches = await recallBatches(tx, target);
  const { totals, orders: held } = await recallOrders(tx, target, recallId, limit);
  const orders = held.map(({ orderCount: _n, units: _u, customers: _c, ...o }) => ({
    ...o,
    createdAt: iso(o.createdAt)!,
    deliveredAt: iso(o.deliveredAt),
    lots: pgArray(o.lots),
    reached: parsed(o.reached),
  }));
  return {
    productName: product.name,
    grams: product.grams,
    batches,
    orders,
    orderCount: totals.orders,
    customers: totals.customers,
    units: totals.units,
  };
}

const summary = (r: { recall: RecallRow; productName: string; openedBy: string | null }): RecallSummary => ({
  id: r.recall.id,
  productId: r.recall.productId,
  productName: r.productName,
  lotNumber: r.recall.lotNumber,
  producedFrom: r.recall.producedFrom,
  producedTo: r.recall.producedTo,
  reason: r.recall.reason,
  stoppedAt: iso(r.recall.stoppedAt),
  stoppedUnits: r.recall.stoppedUnits,
  notifiedAt: iso(r.recall.notifiedAt),
  createdAt: iso(r.recall.createdAt)!,
  openedBy: r.openedBy,
});

const targetOf = (r: RecallRow): Target => ({
  productId: r.productId,
  lotNumber: r.lotNumber,
  producedFrom: r.producedFrom,
  producedTo: r.producedTo,
});

export async function recallList(tx: Tx) {
  return { recalls: (await listRecalls(tx)).map(summary) };
}

export async function recallDetail(tx: Tx, id: string, limit: number | null = RECALL_ORDERS_SHOWN) {
  const row = await findRecall(tx, id);
  if (!row) throw notFound('Recall not found');
  return { recall: summary(row), trace: await traceRecall(tx, targetOf(row.recall), id, limit) };
}

/**
 * Opens a recall and stops the sale of its batches at every outlet, all in one transaction: each
 * live batch leaves sellable stock (a `recall` ledger row naming it) and waits for disposal. Units
 * of the lot that reach a shelf later (a new delivery of the same lot) are stopped by `stopSale`.
 */
export async function createRecall(db: Db, input: RecallCreateInput, by: AuditActor) {
  const id = await db.transaction(async (tx) => {
    if (!(await productOf(tx, input.productId))) throw notFound('Product not found');
    const recall = await insertRecall(tx, {
      productId: input.productId,
      lotNumber: input.lotNumber ?? null,
      producedFrom: input.producedFrom ?? null,
      producedTo: input.producedTo ?? null,
      reason: input.reason,
      createdBy: by.userId,
    });
    await stopBatches(tx, recall, by);
    return recall.id;
  });
  return recallDetail(db, id);
}

/** Stops again whatever of the recall is still on sale (a transfer or return that came in since). */
export async function stopSale(db: Db, id: string, by: AuditActor) {
  await db.transaction(async (tx) => {
    const row = await findRecall(tx, id);
    if (!row) throw notFound('Recall not found');
    await stopBatches(tx, row.recall, by);
  });
  return recallDetail(db, id);
}

async function stopBatches(tx: Tx, recall: RecallRow, by: AuditActor) {
  let units = 0;
  let batches = 0;
  for (const batchId of await liveRecallBatchIds(tx, targetOf(recall))) {
    const done = await removeBatchFromSale(tx, batchId, 'stopped', `Recall: ${recall.reason}`, by.userId);
    if (done) {
      units += done.removed;
      batches += 1;
    }
  }
  await updateRecall(tx, recall.id, { stoppedAt: new Date(), stoppedUnits: recall.stoppedUnits + units });
  await recordAudit(tx, by, {
    entityType: 'stock',
    entityId: recall.productId,
    action: 'batch_stop_sale',
    after: { recall: recall.id, batch: recall.lotNumber, producedFrom: recall.producedFrom, producedTo: recall.producedTo, batches, units },
  });
}

/** The recall message: what, which order, what to do. */
function recallText(f: { productName: string; lots: string[]; orderId: string; reason: string }) {
  const lots = f.lots.join(', ');
  const sms = `${SHOP.name}: FOOD SAFETY RECALL. ${f.productName} (batch ${lots}) in your order #${shortOrderId(f.orderId)} may be unsafe: ${f.reason}. Do not eat it. Call ${SHOP.phone} for a refund.`;
  return {
    sms,
    subject: `Recall: ${f.productName} from your order #${shortOrderId(f.orderId)}`,
    email: `${sms}\n\nKeep the pack or its label if you can; we will collect it or refund you.`,
  };
}

/**
 * Queues the recall message to the customer of every order that received the batches (SMS and
 * email, in the outbox, sent after COMMIT by the worker). Sending again queues nothing twice; who
 * was reached is read from the messages' status in the recall's detail.
 */
export async function notifyRecall(db: Db, id: string, by: AuditActor) {
  const result = await db.transaction(async (tx) => {
    const row = await findRecall(tx, id);
    if (!row) throw notFound('Recall not found');
    const { orders } = await recallOrders(tx, targetOf(row.recall), id);
    if (orders.length === 0) throw new AppError('RULE_BROKEN', 'No order received this batch: there is nobody to tell.');
    let queued = 0;
    for (const o of orders) {
      const text = recallText({ productName: row.productName, lots: pgArray(o.lots), orderId: o.orderId, reason: row.recall.reason });
      queued += await queueRecallMessages(tx, o.orderId, id, text);
    }
    await updateRecall(tx, id, { notifiedAt: new Date() });
    await recordAudit(tx, by, {
      entityType: 'stock',
      entityId: row.recall.productId,
      action: 'recall_message',
      after: { recall: id, orders: orders.length },
    });
    return { queued, customers: new Set(orders.map((o) => o.email ?? o.phone ?? o.orderId)).size };
  });
  return result;
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The regulator's list: one row per order that received the batches, then the outlets' batches. */
export async function recallCsv(tx: Tx, id: string) {
  const { recall, trace } = await recallDetail(tx, id, null);
  const amount = (n: number) => (trace.grams ? formatGrams(n) : String(n));
  const lines = [
    ['Recall', recall.id],
    ['Product', trace.productName],
    ['Batch', recall.lotNumber ?? ''],
    ['Produced from', recall.producedFrom ?? ''],
    ['Produced to', recall.producedTo ?? ''],
    ['Reason', recall.reason],
    ['Sale stopped at', recall.stoppedAt ?? ''],
    [],
    ['Order', 'Placed', 'Delivered', 'Status', 'Outlet', 'Customer', 'Phone', 'Email', 'Batches', 'Quantity', 'SMS', 'Email message'],
    ...trace.orders.map((o) => [
      shortOrderId(o.orderId),
      o.createdAt,
      o.deliveredAt ?? '',
      o.status,
      o.outletName ?? '',
      o.customerName,
      o.phone ?? '',
      o.email ?? '',
      o.lots.join(' '),
      amount(o.quantity),
      o.reached.find((r) => r.channel === 'sms')?.status ?? 'not sent',
      o.reached.find((r) => r.channel === 'email')?.status ?? 'not sent',
    ]),
    [],
    ['Outlet', 'Batch', 'Produced', 'Use by', 'State', 'Received', 'Held now'],
    ...trace.batches.map((b) => [
      b.outletName,
      b.lotNumber ?? 'Unknown batch',
      b.productionDate ?? '',
      b.useBy ?? '',
      b.status,
      amount(b.received),
      amount(b.quantity),
    ]),
  ];
  return `${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The regulator's report as a PDF: the CSV's content, every order listed, laid out to be read. */
export async function recallPdf(tx: Tx, id: string, now: Date = new Date()) {
  const { recall, trace } = await recallDetail(tx, id, null);
  const settings = await getShopSettings(tx);
  const pdf = await buildRecallPdf({
    shop: { name: SHOP.name, phone: settings.supportPhone, email: settings.supportEmail },
    recall,
    trace,
    issuedAt: now,
  });
  return { pdf, fileName: recallFileName(id) };
}

export type { RecallTarget };
