/** Refund rows to the response shapes of the admin and customer screens (never a raw row). */
import type { AdminOrderRefunds, AdminRefund, OrderRefund } from '@meatshop/shared/refunds';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { findOrderForPayment } from './payments.repository.ts';
import { refundedTotals } from './refund-status.ts';
import { findRefundsByOrderId, findRefundsForOrders, type RefundRow } from './refunds.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function orderRefundView(r: RefundRow): OrderRefund {
  return {
    id: r.id,
    amount: r.amount,
    state: r.state as OrderRefund['state'],
    method: r.method as OrderRefund['method'],
    createdAt: r.createdAt.toISOString(),
    completedAt: iso(r.completedAt),
  };
}

export function adminRefundView(r: RefundRow, requestedByName: string | null = null): AdminRefund {
  return {
    ...orderRefundView(r),
    orderId: r.orderId,
    reason: r.reason as AdminRefund['reason'],
    note: r.note,
    requestedBy: r.requestedBy,
    requestedByName,
    providerReference: r.providerReference,
    providerMessage: r.providerMessage,
    outletId: r.outletId,
    reducesCollection: r.reducesCollection,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** An order's refunds for the back office, with what is left to refund. */
export async function adminOrderRefunds(tx: Tx, orderId: string): Promise<AdminOrderRefunds> {
  const order = await findOrderForPayment(tx, orderId);
  if (!order) throw notFound('Order not found');
  const rows = await findRefundsByOrderId(tx, orderId);
  const totals = refundedTotals(
    order,
    rows.map((r) => r.refund),
  );
  return {
    orderId,
    totalAmount: order.totalAmount,
    refunded: totals.promised,
    refundable: totals.refundable,
    refunds: rows.map((r) => adminRefundView(r.refund, r.requestedByName)),
  };
}

/**
 * The refunds of each order, for the customer's order views. A refused attempt is left out: the
 * shop sorts it out (another way of paying back follows), and two lines would read as two refunds.
 */
export async function refundViewsByOrder(tx: Tx, orderIds: string[]): Promise<Map<string, OrderRefund[]>> {
  const out = new Map<string, OrderRefund[]>();
  for (const r of await findRefundsForOrders(tx, orderIds)) {
    if (r.state === 'failed') continue;
    const list = out.get(r.orderId) ?? [];
    list.push(orderRefundView(r));
    out.set(r.orderId, list);
  }
  return out;
}
