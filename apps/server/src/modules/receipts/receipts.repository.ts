/** What a receipt reads: the order, its lines, the money received for it and what went back. */
import { REFUND_REASON_LABEL, type RefundReason } from '@meatshop/shared/refunds';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderItems, orders, payments } from '../../db/schema/orders.ts';
import { findRefundsByOrderId } from '../payments/refunds.repository.ts';
import type { ReceiptRefund } from './receipt-data.ts';

export async function findReceiptOrder(tx: Tx, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

export type ReceiptOrderRow = NonNullable<Awaited<ReturnType<typeof findReceiptOrder>>>;

export async function findReceiptLines(tx: Tx, orderId: string) {
  return tx
    .select({
      name: orderItems.productName,
      quantity: orderItems.quantity,
      unitPrice: orderItems.price,
      options: orderItems.options,
      note: orderItems.note,
      gramsPerPack: orderItems.gramsPerPack,
      weighedGrams: orderItems.weighedGrams,
      finalPrice: orderItems.finalPrice,
      markdownUseBy: orderItems.markdownUseBy,
      markdownPercent: orderItems.markdownPercent,
      regularPrice: orderItems.regularPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));
}

/**
 * Provider payments that took the money, oldest first: completed ones, and reversed ones, since a
 * payment refunded through the provider reads reversed there afterwards (its refund is listed on its
 * own line). A failed or abandoned attempt took nothing.
 */
export async function findCompletedPayments(tx: Tx, orderId: string) {
  return tx
    .select({
      method: payments.method,
      amount: payments.amount,
      paidAt: payments.updatedAt,
      merchantReference: payments.merchantReference,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['completed', 'reversed'])))
    .orderBy(asc(payments.createdAt));
}

/** Refunds of the order (the payments module keeps them), with the reason as the customer reads it. */
export async function findRefunds(tx: Tx, orderId: string): Promise<ReceiptRefund[]> {
  const rows = await findRefundsByOrderId(tx, orderId);
  // Already oldest first.
  return rows.map(({ refund: r }) => ({
    amount: r.amount,
    reason: [REFUND_REASON_LABEL[r.reason as RefundReason] ?? r.reason, r.note].filter(Boolean).join(': '),
    state: r.state as ReceiptRefund['state'],
    createdAt: r.createdAt,
  }));
}
