/** The queries of paying an invoice online: the attempts, the payer's details, and the payment recorded once. */
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { tradeInvoicePaymentAttempts, tradeInvoices, tradePayments } from '../../db/schema/trade-credit.ts';
import { tradeAccounts } from '../../db/schema/trade.ts';
import { invoiceSettledSql } from './credit.repository.ts';

export type InvoicePaymentAttempt = typeof tradeInvoicePaymentAttempts.$inferSelect;

/** What an invoice still owes (total less paid and credited), read without a lock: the amount to ask for. */
export async function findInvoiceOwed(tx: Tx, id: string) {
  const [row] = await tx
    .select({ invoice: tradeInvoices, settled: sql<number>`${invoiceSettledSql}::int` })
    .from(tradeInvoices)
    .where(eq(tradeInvoices.id, id));
  return row ? { invoice: row.invoice, owed: Math.max(0, row.invoice.total - Number(row.settled)) } : undefined;
}

/** Who pays: the member's name and email, and the business's phone (Pesapal wants an email or a phone). */
export async function findPayer(tx: Tx, userId: string, accountId: string) {
  const [row] = await tx
    .select({ fullName: users.fullName, email: users.email, phone: tradeAccounts.contactPhone, address: tradeAccounts.address })
    .from(users)
    .innerJoin(tradeAccounts, eq(tradeAccounts.id, accountId))
    .where(eq(users.id, userId));
  return row;
}

export async function insertAttempt(tx: Tx, values: typeof tradeInvoicePaymentAttempts.$inferInsert) {
  const [row] = await tx.insert(tradeInvoicePaymentAttempts).values(values).returning();
  return row!;
}

export async function findAttemptByTrackingId(tx: Tx, orderTrackingId: string) {
  const [row] = await tx
    .select()
    .from(tradeInvoicePaymentAttempts)
    .where(eq(tradeInvoicePaymentAttempts.orderTrackingId, orderTrackingId))
    .limit(1);
  return row;
}

/** The attempt locked until COMMIT: a redirect and an IPN confirming it at once take turns here. */
export async function lockAttempt(tx: Tx, id: string) {
  const [row] = await tx.select().from(tradeInvoicePaymentAttempts).where(eq(tradeInvoicePaymentAttempts.id, id)).for('update').limit(1);
  return row;
}

/** Updates an attempt and appends the provider's answer to its log (every answer is kept). */
export async function updateAttempt(
  tx: Tx,
  id: string,
  change: Partial<Pick<InvoicePaymentAttempt, 'status' | 'statusDescription' | 'orderTrackingId' | 'paymentId'>>,
  answer: unknown,
) {
  await tx
    .update(tradeInvoicePaymentAttempts)
    .set({ ...change, providerResponses: sql`${tradeInvoicePaymentAttempts.providerResponses} || ${JSON.stringify([answer])}::jsonb` })
    .where(eq(tradeInvoicePaymentAttempts.id, id));
}

/**
 * Records the online payment unless its provider reference is already recorded; returns the new
 * row, or nothing when another confirmation got there first (the unique reference decides).
 */
export async function insertOnlinePayment(tx: Tx, values: typeof tradePayments.$inferInsert) {
  const [row] = await tx.insert(tradePayments).values(values).onConflictDoNothing({ target: tradePayments.providerReference }).returning();
  return row;
}

export async function findPaymentByProviderReference(tx: Tx, reference: string) {
  const [row] = await tx.select().from(tradePayments).where(eq(tradePayments.providerReference, reference)).limit(1);
  return row;
}

/** Attempts still waiting for the provider, submitted between `since` and `before`, oldest first. */
export async function findPendingAttempts(tx: Tx, provider: string, since: Date, before: Date, limit: number) {
  return tx
    .select()
    .from(tradeInvoicePaymentAttempts)
    .where(
      and(
        eq(tradeInvoicePaymentAttempts.status, 'pending'),
        eq(tradeInvoicePaymentAttempts.provider, provider),
        isNotNull(tradeInvoicePaymentAttempts.orderTrackingId),
        gte(tradeInvoicePaymentAttempts.createdAt, since),
        lt(tradeInvoicePaymentAttempts.createdAt, before),
      ),
    )
    .orderBy(asc(tradeInvoicePaymentAttempts.createdAt))
    .limit(limit);
}
