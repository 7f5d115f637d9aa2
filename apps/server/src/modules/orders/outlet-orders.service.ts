/** The outlet portal's view of orders: dashboard figures, the order list and detail, "ready for pickup". */
import { lineMarkdown } from '@meatshop/shared/markdowns';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { overrideOrderBatch } from '../inventory/batches.service.ts';
import type { BatchOverrideInput } from '@meatshop/shared/batches';
import { auditOrderStep } from './lifecycle/staff-audit.ts';
import { deliverySlotView } from '../delivery/delivery-slots.service.ts';
import { OUTLET_RECENT_ORDERS, REVENUE_TREND_DAYS } from '@meatshop/shared/constants';
import type { LineBatch, OutletDashboard, OutletOrderDetail, OutletOrderSummary, OutletOrdersQuery } from '@meatshop/shared/outlet';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@meatshop/shared/status';
import { orderBatchHoldings } from '../inventory/batches.repository.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { orderMay } from '@meatshop/shared/order-lifecycle';
import { confirmGoodsReturned } from './lifecycle/goods-return.ts';
import { assertWeighed, settleCounter, tellWeighed, weighLine } from './lifecycle/counter.ts';
import { lineWeight, type OutletWeighInput } from '@meatshop/shared/weighing';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { editRefunds } from '../payments/refunds.service.ts';
import { lockOrderRow } from './lifecycle/lifecycle.repository.ts';
import { announce } from './lifecycle/order-event.ts';
import { markLineShort } from './lifecycle/substitute.ts';
import { SUBSTITUTION_MESSAGES, type ShortLineInput } from '@meatshop/shared/substitutions';
import { alternativeAtOutlet, suggestSubstitutes } from './substitutions.service.ts';
import { substitutionView } from './substitution-view.ts';
import {
  countPendingByOutletId,
  findDailyRevenueByOutletId,
  findItemsByOrderId,
  findOrderByIdAndOutletId,
  findOrdersByOutletId,
  findTodayFiguresByOutletId,
  markReadyByIdAndOutletId,
} from './outlet-orders.repository.ts';

/** What the packing steps need: the payment deps (refunds of a settlement) and the clock. */
type OutletDeps = PaymentDeps & { now: () => Date };

/** The order list is for the counter, not an archive: the newest 200 match most searches. */
const ORDER_LIST_LIMIT = 200;
const ORDER_NOT_FOUND = 'Order not found';

type SummaryRow = Awaited<ReturnType<typeof findOrdersByOutletId>>[number];

function toSummary({ deliveryAsap, deliverySlotStart, deliverySlotEnd, ...r }: SummaryRow): OutletOrderSummary {
  return {
    ...r,
    deliverySlot: deliverySlotView({ deliveryAsap, deliverySlotStart, deliverySlotEnd }),
    status: r.status as OrderStatus,
    paymentStatus: r.paymentStatus as PaymentStatus,
    paymentMethod: r.paymentMethod as PaymentMethod,
    createdAt: r.createdAt.toISOString(),
    readyAt: r.readyAt?.toISOString() ?? null,
  };
}

export async function outletDashboard(db: Db, outletId: string): Promise<OutletDashboard> {
  const today = await findTodayFiguresByOutletId(db, outletId);
  const pendingOrders = await countPendingByOutletId(db, outletId);
  const recent = await findOrdersByOutletId(db, outletId, { limit: OUTLET_RECENT_ORDERS });
  const revenueTrend = await findDailyRevenueByOutletId(db, outletId, REVENUE_TREND_DAYS);
  const revenue = Math.round(Number(today.revenue));
  return {
    todayOrders: today.orders,
    todayRevenue: revenue,
    pendingOrders,
    averageOrderValue: today.billableOrders > 0 ? Math.round(revenue / today.billableOrders) : 0,
    recentOrders: recent.map(toSummary),
    revenueTrend,
    statusCounts: { pending: today.pending, completed: today.completed, cancelled: today.cancelled },
  };
}

export async function listOutletOrders(db: Db, outletId: string, query: OutletOrdersQuery) {
  const rows = await findOrdersByOutletId(db, outletId, { ...query, limit: ORDER_LIST_LIMIT });
  return rows.map(toSummary);
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function getOutletOrder(tx: Tx, outletId: string, orderId: string): Promise<OutletOrderDetail> {
  const row = await findOrderByIdAndOutletId(tx, orderId, outletId);
  // Another outlet's order answers exactly like an unknown id.
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const o = row.order;
  const lines = (await findItemsByOrderId(tx, o.id)).map(
    ({
      lineId: _,
      pricePerKg,
      gramsPerPack,
      pieces,
      weighedGrams,
      tolerancePercent,
      markdownUseBy,
      markdownPercent,
      regularPrice,
      ...l
    }) => ({
      ...l,
      markdown: lineMarkdown({ markdownUseBy, markdownPercent, regularPrice }),
      substitution: substitutionView(l, o),
      weight: lineWeight({ pricePerKg, gramsPerPack, pieces, weighedGrams, finalPrice: l.finalPrice, quantity: l.quantity }),
      tolerancePercent,
      stockAmount: gramsPerPack ? (weighedGrams ?? gramsPerPack * l.quantity) : l.quantity,
    }),
  );
  const items = linesWithBatches(lines, await orderBatchHoldings(tx, o.id));
  const a = o.shippingAddress;
  return {
    id: o.id,
    status: o.status as OrderStatus,
    paymentStatus: o.paymentStatus as PaymentStatus,
    paymentMethod: o.paymentMethod as PaymentMethod,
    subtotalAmount: o.subtotalAmount,
    deliveryFee: o.deliveryFee,
    discountAmount: o.discountAmount,
    couponCode: o.couponCode,
    totalAmount: o.totalAmount,
    customer: {
      fullName: a.full_name || row.userFullName,
      email: a.email || row.userEmail,
      phone: a.phone || row.userPhone || '',
    },
    address: {
      street: a.street ?? '',
      city: a.city ?? '',
      state: a.state ?? '',
      postalCode: a.postal_code ?? '',
      country: a.country ?? '',
      latitude: o.deliveryLatitude,
      longitude: o.deliveryLongitude,
      instructions: o.deliveryInstructions,
    },
    items,
    unresolvedShortLines: lines.filter((l) => l.shortQuantity && !l.shortOutcome).length,
    rider: row.riderFullName ? { fullName: row.riderFullName, phone: row.riderPhone ?? '' } : null,
    outlet: { name: row.outletName, address: row.outletAddress, phone: row.outletPhone },
    createdAt: o.createdAt.toISOString(),
    assignedAt: iso(o.assignedAt),
    readyAt: iso(o.readyAt),
    pickedUpAt: iso(o.pickedUpAt),
    deliveredAt: iso(o.deliveredAt),
    cancelledAt: iso(o.cancelledAt),
    cancelReason: o.cancelReason,
    goodsReturnedAt: iso(o.goodsReturnedAt),
    deliverySlot: deliverySlotView(o),
    deliveryPhotoUrl: o.deliveryPhotoUrl,
    canMarkReady: orderMay('mark_ready', 'outlet', o),
    unweighedLines: items.filter((i) => i.weight && i.weight.weighedGrams == null && !i.shortOutcome).length,
    canConfirmReturn: orderMay('confirm_return', 'outlet', o),
  };
}

/**
 * Marks the order packed and waiting for its rider; tells the customer, the rider and the outlet.
 * Refused while a weighed line is unweighed or a line is marked short with no substitute or refund.
 * Packing ends here, so the order is settled (settleCounter): a line weighed or substituted for less
 * lowers the total, and a paid order gets the difference back (sent to the provider after the commit).
 */
export async function markOrderReady(deps: OutletDeps, outletId: string, orderId: string, by: AuditActor): Promise<OutletOrderDetail> {
  const refunds = editRefunds(deps, { userId: by.userId, name: by.name }, 'order_weighed');
  const detail = await deps.db.transaction(async (tx) => {
    if (!(await findOrderByIdAndOutletId(tx, orderId, outletId))) throw notFound(ORDER_NOT_FOUND);
    const locked = (await lockOrderRow(tx, orderId))!;
    if (orderMay('mark_ready', 'outlet', locked)) {
      await assertWeighed(tx, orderId);
      const lines = await findItemsByOrderId(tx, orderId);
      if (lines.some((l) => l.shortQuantity && !l.shortOutcome)) throw new AppError('CONFLICT', SUBSTITUTION_MESSAGES.unresolved);
    }
    const updated = await markReadyByIdAndOutletId(tx, orderId, outletId);
    if (!updated) {
      const existing = await findOrderByIdAndOutletId(tx, orderId, outletId);
      if (!existing) throw notFound(ORDER_NOT_FOUND);
      if (existing.order.readyAt) throw new AppError('CONFLICT', 'This order is already marked ready for pickup.');
      throw new AppError('CONFLICT', 'Only orders waiting at the outlet can be marked ready for pickup.');
    }
    const actor = { role: 'outlet' as const, id: by.userId, name: by.name, staff: by };
    const settled = await settleCounter(tx, orderId, actor, { openRefund: refunds.open, now: deps.now() });
    await tellWeighed(tx, settled?.order ?? updated, locked.totalAmount);
    await announce(tx, settled?.order ?? updated, 'ready');
    await auditOrderStep(tx, actor, { ...updated, readyAt: null }, updated, 'status_change');
    return getOutletOrder(tx, outletId, orderId);
  });
  await refunds.sendOpened();
  return detail;
}

/** The packer's weight for one weighed line of this outlet's order (another outlet's order reads as unknown). */
export async function weighOrderLine(
  db: Db,
  outletId: string,
  orderId: string,
  itemId: string,
  input: Required<OutletWeighInput>,
  by: AuditActor,
) {
  return db.transaction(async (tx) => {
    if (!(await findOrderByIdAndOutletId(tx, orderId, outletId))) throw notFound(ORDER_NOT_FOUND);
    const order = (await lockOrderRow(tx, orderId))!;
    await weighLine(tx, order, itemId, input, { role: 'outlet', id: by.userId, name: by.name, staff: by });
    return getOutletOrder(tx, outletId, orderId);
  });
}

/** The outlet's staff mark a line short and resolve it (substitute or refund); the order core does the rest. */
export async function shortLine(
  deps: OutletDeps,
  outletId: string,
  orderId: string,
  lineId: string,
  input: ShortLineInput,
  by: AuditActor,
): Promise<OutletOrderDetail> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Another outlet's order answers exactly like an unknown id.
    if (!(await findOrderByIdAndOutletId(tx, orderId, outletId))) throw notFound(ORDER_NOT_FOUND);
    const order = (await lockOrderRow(tx, orderId))!;
    const base = deps.config.PUBLIC_URL?.replace(/\/$/, '');
    await markLineShort(
      tx,
      order,
      lineId,
      input,
      { role: 'outlet', name: by.name, staff: by },
      {
        now,
        refuseMinutes: deps.config.SUBSTITUTE_REFUSE_MINUTES,
        orderUrl: base ? `${base}/orders/${orderId}` : undefined,
      },
    );
    return getOutletOrder(tx, outletId, orderId);
  });
}

/** Packing from another batch than first expiring first, with the reason; only before the rider picks it up. */
export async function overridePackingBatch(db: Db, outletId: string, orderId: string, input: BatchOverrideInput, by: AuditActor) {
  return db.transaction(async (tx) => {
    if (!(await findOrderByIdAndOutletId(tx, orderId, outletId))) throw notFound(ORDER_NOT_FOUND);
    const order = (await lockOrderRow(tx, orderId))!;
    if (order.status !== 'pending' && order.status !== 'assigned')
      throw new AppError('CONFLICT', 'This order has left the outlet: its batches can no longer change.');
    const moved = await overrideOrderBatch(tx, { id: order.id, outletId }, input, by.userId);
    await recordAudit(tx, by, {
      entityType: 'order',
      entityId: order.id,
      action: 'batch_override',
      after: { productId: input.productId, quantity: input.quantity, toBatch: moved.to, reason: input.reason },
    });
    return getOutletOrder(tx, outletId, orderId);
  });
}

/** Substitutes for one of this outlet's order lines: in stock here, near the line's unit price. */
export async function substitutesForLine(tx: Tx, outletId: string, orderId: string, lineId: string) {
  if (!(await findOrderByIdAndOutletId(tx, orderId, outletId))) throw notFound(ORDER_NOT_FOUND);
  const line = (await findItemsByOrderId(tx, orderId)).find((l) => l.lineId === lineId);
  if (!line) throw notFound('Line not found');
  const suggestions = await suggestSubstitutes(tx, line.productId, { outletId, linePrice: line.price }).catch((err) => {
    // The ordered product since archived: suggest nothing rather than fail the packing screen.
    if (err instanceof AppError && err.code === 'NOT_FOUND') return [];
    throw err;
  });
  // The customer's own alternative first, whatever its price or category, when this outlet has it.
  const mine = line.alternativeProductId ? await alternativeAtOutlet(tx, outletId, line.alternativeProductId) : null;
  return mine ? [mine, ...suggestions.filter((s) => s.productId !== mine.productId)] : suggestions;
}

/** The goods of an order cancelled after pickup are back at this outlet: they go back on the shelf now. */
export async function confirmOrderReturn(db: Db, employee: { outletId: string; employeeId: string }, orderId: string, by: AuditActor) {
  return db.transaction(async (tx) => {
    if (!(await findOrderByIdAndOutletId(tx, orderId, employee.outletId))) throw notFound(ORDER_NOT_FOUND);
    const order = (await lockOrderRow(tx, orderId))!;
    await confirmGoodsReturned(tx, order, { role: 'outlet', id: employee.employeeId, staff: by });
    return getOutletOrder(tx, employee.outletId, orderId);
  });
}

/**
 * The batches each line was packed from. Stock is taken per product (the lines of one product
 * together), so each product's batches are shared out over its lines in order, first expiring
 * first; the product's last line takes whatever is left.
 */
function linesWithBatches<L extends { productId: string; stockAmount: number; markdown: { useBy: string } | null }>(
  lines: L[],
  holdings: { productId: string; batchId: string; lotNumber: string | null; useBy: string | null; held: number }[],
) {
  const queue = new Map<string, { batchId: string; lotNumber: string | null; useBy: string | null; quantity: number }[]>();
  for (const h of holdings) {
    const q = queue.get(h.productId) ?? [];
    q.push({ batchId: h.batchId, lotNumber: h.lotNumber, useBy: h.useBy, quantity: h.held });
    queue.set(h.productId, q);
  }
  const take = (productId: string, need: number, useBy?: string) => {
    const batches: LineBatch[] = [];
    for (const b of queue.get(productId) ?? []) {
      if (need <= 0) break;
      if (b.quantity === 0 || (useBy !== undefined && b.useBy !== useBy)) continue;
      const n = Math.min(need, b.quantity);
      batches.push({ ...b, quantity: n });
      b.quantity -= n;
      need -= n;
    }
    return batches;
  };
  // A near-date line was taken from the batches of its use-by date: it shows those first.
  const nearDate = lines.map(({ stockAmount, ...line }) => (line.markdown ? take(line.productId, stockAmount, line.markdown.useBy) : null));
  const lastOf = new Map(lines.flatMap((l, i) => (l.markdown ? [] : [[l.productId, i] as const])));
  return lines.map(({ stockAmount, ...line }, i) => {
    const need = lastOf.get(line.productId) === i ? Number.POSITIVE_INFINITY : stockAmount;
    const batches = nearDate[i] ?? take(line.productId, need);
    return { ...line, batches };
  });
}
