/** The queries of pay on account: the business's row locked for a charge, and what it owes now. */
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { tradeAccounts } from '../../db/schema/trade.ts';
import { tradeInvoices, tradePaymentAllocations } from '../../db/schema/trade-credit.ts';

/** What has been paid against an invoice so far: the sum of the payments allocated to it. */
export const invoicePaidSql = sql<number>`(SELECT coalesce(sum(a.amount), 0) FROM ${tradePaymentAllocations} a WHERE a.invoice_id = ${tradeInvoices.id})`;

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
 * what is still unpaid of its invoices. Read after the lock, so (read committed) it sees the orders
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
    .select({ total: sql<number>`coalesce(sum(${tradeInvoices.total} - ${invoicePaidSql}), 0)::bigint` })
    .from(tradeInvoices)
    .where(eq(tradeInvoices.accountId, accountId));
  return Number(uninvoiced?.total ?? 0) + Number(unpaid?.total ?? 0);
}

/** The first invoice past its due date with something still to pay, if any. */
export async function findOverdueInvoice(tx: Tx, accountId: string, now: Date) {
  const [row] = await tx
    .select({ number: tradeInvoices.number, dueAt: tradeInvoices.dueAt })
    .from(tradeInvoices)
    .where(and(eq(tradeInvoices.accountId, accountId), lt(tradeInvoices.dueAt, now), sql`${tradeInvoices.total} > ${invoicePaidSql}`))
    .orderBy(tradeInvoices.dueAt)
    .limit(1);
  return row;
}
