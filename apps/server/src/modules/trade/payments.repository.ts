/** The queries of payments on account: unpaid invoices in allocation order, and the ledger rows. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { tradeInvoices, tradePaymentAllocations, tradePayments } from '../../db/schema/trade-credit.ts';
import { invoiceSettledSql } from './credit.repository.ts';

/** The business's invoices with something left to pay, oldest first (the order payments go to them). */
export function findUnpaidInvoices(tx: Tx, accountId: string) {
  return tx
    .select({ id: tradeInvoices.id, number: tradeInvoices.number, owed: sql<number>`(${tradeInvoices.total} - ${invoiceSettledSql})::int` })
    .from(tradeInvoices)
    .where(and(eq(tradeInvoices.accountId, accountId), sql`${tradeInvoices.total} > ${invoiceSettledSql}`))
    .orderBy(asc(tradeInvoices.issuedAt), asc(tradeInvoices.number));
}

export async function insertPayment(tx: Tx, values: typeof tradePayments.$inferInsert) {
  const [row] = await tx.insert(tradePayments).values(values).returning();
  return row!;
}

export async function insertAllocations(tx: Tx, rows: (typeof tradePaymentAllocations.$inferInsert)[]) {
  if (rows.length) await tx.insert(tradePaymentAllocations).values(rows);
}

/** Every payment of the business with the invoices it paid, oldest first (for the statement). */
export function findPaymentsOfAccount(tx: Tx, accountId: string) {
  return tx
    .select({
      id: tradePayments.id,
      method: tradePayments.method,
      reference: tradePayments.reference,
      amount: tradePayments.amount,
      receivedAt: tradePayments.receivedAt,
      recordedBy: users.fullName,
      invoices: sql<string>`(SELECT coalesce(string_agg(i.number, ', ' ORDER BY i.number), '') FROM ${tradePaymentAllocations} a JOIN ${tradeInvoices} i ON i.id = a.invoice_id WHERE a.payment_id = ${tradePayments.id})`,
    })
    .from(tradePayments)
    .innerJoin(users, eq(users.id, tradePayments.recordedBy))
    .where(eq(tradePayments.accountId, accountId))
    .orderBy(asc(tradePayments.receivedAt))
    .limit(2000);
}
