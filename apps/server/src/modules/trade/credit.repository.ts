/** The queries of pay on account: the business's row locked for a charge, and what it owes now. */
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { tradeAccounts } from '../../db/schema/trade.ts';
import { tradeCreditNotes, tradeInvoices, tradePaymentAllocations, tradePayments } from '../../db/schema/trade-credit.ts';

/** What has been paid against an invoice so far: the sum of the payments allocated to it. */
export const invoicePaidSql = sql<number>`(SELECT coalesce(sum(a.amount), 0) FROM ${tradePaymentAllocations} a WHERE a.invoice_id = ${tradeInvoices.id})`;
/** What credit notes have taken off an invoice. */
export const invoiceCreditedSql = sql<number>`(SELECT coalesce(sum(c.amount), 0) FROM ${tradeCreditNotes} c WHERE c.invoice_id = ${tradeInvoices.id})`;
/** What settled an invoice: paid and credited. What it still owes is its total less this. */
export const invoiceSettledSql = sql<number>`(${invoicePaidSql} + ${invoiceCreditedSql})`;

/** What of a payment has been allocated to invoices. (Embedded, so its column names stay qualified.) */
export const paymentAllocatedSql = sql<number>`(SELECT coalesce(sum(a.amount), 0) FROM ${tradePaymentAllocations} a WHERE a.payment_id = ${tradePayments.id})`;

/**
 * What the business paid that went to no invoice (an online payment whose invoice staff had settled
 * meanwhile): a credit on its account, used by its next invoice.
 */
export async function findUnallocatedCredit(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(${tradePayments.amount} - ${paymentAllocatedSql}), 0)::bigint`,
    })
    .from(tradePayments)
    .where(eq(tradePayments.accountId, accountId));
  return Number(row?.total ?? 0);
}

/** The account's credit facts, its row locked until COMMIT: charges on one business run one at a time. */
export async function lockAccountForCredit(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({
      id: tradeAccounts.id,
      businessName: tradeAccounts.businessName,
      status: tradeAccounts.status,
      termsDays: tradeAccounts.termsDays,
      creditLimit: tradeAccounts.creditLimit,
    })
    .from(tradeAccounts)
    .where(eq(tradeAccounts.id, accountId))
    .for('update')
    .limit(1);
  return row;
}

/**
 * What the business owes on account: its on-account orders not cancelled and not yet invoiced, plus
 * what is still unpaid of its invoices (less credit notes), less any payment not yet allocated. Read after the lock, so (read committed) it sees the orders
 * of every charge that held the lock before.
 */
export async function findOnAccountExposure(tx: Tx, accountId: string): Promise<number> {
  const [uninvoiced] = await tx
    .select({ total: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::bigint` })
    .from(orders)
    .where(
      and(
        eq(orders.tradeAccountId, accountId),
        eq(orders.paymentMethod, 'on_account'),
        ne(orders.status, 'cancelled'),
        sql`NOT EXISTS (SELECT 1 FROM ${tradeInvoices} i WHERE i.order_id = ${orders.id})`,
      ),
    );
  const [unpaid] = await tx
    .select({ total: sql<number>`coalesce(sum(${tradeInvoices.total} - ${invoiceSettledSql}), 0)::bigint` })
    .from(tradeInvoices)
    .where(eq(tradeInvoices.accountId, accountId));
  const credit = await findUnallocatedCredit(tx, accountId);
  return Math.max(0, Number(uninvoiced?.total ?? 0) + Number(unpaid?.total ?? 0) - credit);
}

/** The first invoice past its due date with something still to pay, if any. */
export async function findOverdueInvoice(tx: Tx, accountId: string, now: Date) {
  const [row] = await tx
    .select({ number: tradeInvoices.number, dueAt: tradeInvoices.dueAt })
    .from(tradeInvoices)
    .where(and(eq(tradeInvoices.accountId, accountId), lt(tradeInvoices.dueAt, now), sql`${tradeInvoices.total} > ${invoiceSettledSql}`))
    .orderBy(tradeInvoices.dueAt)
    .limit(1);
  return row;
}
