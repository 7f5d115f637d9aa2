/** Queries for payment attempts and the payment side of orders. No rules here: see payments.service.ts. */
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/orders.ts';

const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  outletId: orders.outletId,
  riderId: orders.riderId,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  totalAmount: orders.totalAmount,
  balanceDue: orders.balanceDue,
  shippingAddress: orders.shippingAddress,
  mobileMoneyPhone: orders.mobileMoneyPhone,
  createdAt: orders.createdAt,
};

export type PaymentOrder = Awaited<ReturnType<typeof findOrderForPayment>>;
export type PaymentRow = typeof payments.$inferSelect;

export async function findOrderForPayment(tx: Tx, orderId: string) {
  const [row] = await tx.select(orderColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

/** The order row locked until the transaction ends, so payment, refunds and expiry never interleave. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [row] = await tx.select(orderColumns).from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row;
}

export async function insertPaymentAttempt(tx: Tx, row: typeof payments.$inferInsert) {
  const [created] = await tx.insert(payments).values(row).returning();
  return created!;
}

export async function findPaymentByTrackingId(tx: Tx, orderTrackingId: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.orderTrackingId, orderTrackingId)).limit(1);
  return row;
}

export async function lockPayment(tx: Tx, paymentId: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
  return row;
}

export interface ProviderAnswer {
  at: string;
  /** submit, verify, ipn or expiry: which of our steps asked. */
  source: string;
  body?: unknown;
  error?: { kind: string; code: string | null; message: string };
}

/** Updates an attempt and appends the provider's answer to its log (every answer is kept). */
export async function updatePayment(
  tx: Tx,
  paymentId: string,
  change: Partial<Pick<PaymentRow, 'status' | 'statusDescription' | 'orderTrackingId'>>,
  answer: ProviderAnswer,
) {
  await tx
    .update(payments)
    .set({
      ...change,
      // Kept from the first time: the day the payments report counts the money in.
      ...(change.status === 'completed' ? { completedAt: sql`coalesce(${payments.completedAt}, now())` } : {}),
      providerResponses: sql`${payments.providerResponses} || ${JSON.stringify([answer])}::jsonb`,
    })
    .where(eq(payments.id, paymentId));
}

export async function countCompletedPayments(tx: Tx, orderId: string, exceptPaymentId: string) {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    // A balance's payment is not a second payment of the order.
    .where(
      and(eq(payments.orderId, orderId), eq(payments.status, 'completed'), ne(payments.id, exceptPaymentId), isNull(payments.balanceId)),
    );
  return rows.length;
}

/** Attempts the provider may still settle: submitted (tracking id known) and not yet answered. */
export async function findOpenAttempts(tx: Tx, orderId: string, provider: string) {
  return tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider),
        eq(payments.status, 'pending'),
        isNotNull(payments.orderTrackingId),
      ),
    );
}

const PREPAID_METHODS = ['mtn_money', 'airtel_money', 'card'];
const UNPAID = ['pending', 'failed'];

/** Mobile-money and card orders placed before `cutoff` and still neither paid nor cancelled. */
export async function findExpiredUnpaidOrderIds(tx: Tx, cutoff: Date, limit: number) {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        inArray(orders.paymentStatus, UNPAID),
        inArray(orders.paymentMethod, PREPAID_METHODS),
        lt(orders.createdAt, cutoff),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Locks the order only if it is still expired and unpaid; another instance holding it makes this
 * return nothing (SKIP LOCKED), so two instances never cancel and restock the same order.
 */
export async function lockExpiredUnpaidOrder(tx: Tx, orderId: string, cutoff: Date) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'pending'),
        inArray(orders.paymentStatus, UNPAID),
        inArray(orders.paymentMethod, PREPAID_METHODS),
        lt(orders.createdAt, cutoff),
      ),
    )
    .for('update', { skipLocked: true })
    .limit(1);
  return row;
}
