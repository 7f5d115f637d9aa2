/** The queries of trade invoices: numbering, writing one, an order's lines, and a business's invoices. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderItems } from '../../db/schema/orders.ts';
import {
  tradeCreditNoteCounters,
  tradeCreditNotes,
  tradeInvoiceCounters,
  tradeInvoices,
  tradePayments,
} from '../../db/schema/trade-credit.ts';
import { users } from '../../db/schema/accounts.ts';
import { tradeAccounts } from '../../db/schema/trade.ts';
import { invoiceCreditedSql, invoicePaidSql, invoiceSettledSql, paymentAllocatedSql } from './credit.repository.ts';

export type InvoiceRow = typeof tradeInvoices.$inferSelect;

/**
 * The next number of the year. The counter row is updated in the invoice's own transaction: a
 * rolled-back delivery gives its number back, so the numbers have no gaps (a sequence would).
 */
export async function takeInvoiceNumber(tx: Tx, year: number): Promise<number> {
  const [row] = await tx
    .insert(tradeInvoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: tradeInvoiceCounters.year, set: { last: sql`${tradeInvoiceCounters.last} + 1` } })
    .returning({ last: tradeInvoiceCounters.last });
  return row!.last;
}

export async function insertInvoice(tx: Tx, values: typeof tradeInvoices.$inferInsert) {
  const [row] = await tx.insert(tradeInvoices).values(values).returning();
  return row!;
}

/** The business as the invoice prints it, and its terms now. */
export async function findAccountForInvoice(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({
      businessName: tradeAccounts.businessName,
      tin: tradeAccounts.tin,
      address: tradeAccounts.address,
      termsDays: tradeAccounts.termsDays,
    })
    .from(tradeAccounts)
    .where(eq(tradeAccounts.id, accountId));
  return row;
}

export function findLinesForInvoice(tx: Tx, orderId: string) {
  return tx
    .select({
      name: orderItems.productName,
      quantity: orderItems.quantity,
      price: orderItems.price,
      finalPrice: orderItems.finalPrice,
      options: orderItems.options,
      note: orderItems.note,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));
}

/** A business's invoices, newest first, each with what has been paid against it and what credit notes took off. */
export function findInvoicesOfAccount(tx: Tx, accountId: string) {
  return tx
    .select({ invoice: tradeInvoices, paid: sql<number>`${invoicePaidSql}::int`, credited: sql<number>`${invoiceCreditedSql}::int` })
    .from(tradeInvoices)
    .where(eq(tradeInvoices.accountId, accountId))
    .orderBy(desc(tradeInvoices.issuedAt))
    .limit(500);
}

/** One invoice, only when it belongs to this business (another's answers like an unknown id). */
export async function findInvoiceOfAccount(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(tradeInvoices)
    .where(and(eq(tradeInvoices.id, id), eq(tradeInvoices.accountId, accountId)));
  return row;
}

export async function findInvoiceById(tx: Tx, id: string) {
  const [row] = await tx.select().from(tradeInvoices).where(eq(tradeInvoices.id, id));
  return row;
}

/** One invoice locked until COMMIT, with what still settles it (paid and credited): a credit note or an online payment reads it whole. */
export async function lockInvoiceOwed(tx: Tx, id: string) {
  const [row] = await tx.select().from(tradeInvoices).where(eq(tradeInvoices.id, id)).for('update');
  if (!row) return undefined;
  const [settled] = await tx
    .select({ settled: sql<number>`${invoiceSettledSql}::int` })
    .from(tradeInvoices)
    .where(eq(tradeInvoices.id, id));
  return { invoice: row, owed: Math.max(0, row.total - Number(settled?.settled ?? 0)) };
}

/** The next credit note number of the year, taken in the note's transaction (no gaps, as invoices). */
export async function takeCreditNoteNumber(tx: Tx, year: number): Promise<number> {
  const [row] = await tx
    .insert(tradeCreditNoteCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: tradeCreditNoteCounters.year, set: { last: sql`${tradeCreditNoteCounters.last} + 1` } })
    .returning({ last: tradeCreditNoteCounters.last });
  return row!.last;
}

export type CreditNoteRow = typeof tradeCreditNotes.$inferSelect;

export async function insertCreditNote(tx: Tx, values: typeof tradeCreditNotes.$inferInsert) {
  const [row] = await tx.insert(tradeCreditNotes).values(values).returning();
  return row!;
}

/** A business's credit notes with their invoice's number, oldest first. */
export function findCreditNotesOfAccount(tx: Tx, accountId: string) {
  return tx
    .select({ note: tradeCreditNotes, invoiceNumber: tradeInvoices.number })
    .from(tradeCreditNotes)
    .innerJoin(tradeInvoices, eq(tradeInvoices.id, tradeCreditNotes.invoiceId))
    .where(eq(tradeCreditNotes.accountId, accountId))
    .orderBy(asc(tradeCreditNotes.issuedAt), asc(tradeCreditNotes.number))
    .limit(2000);
}

/** One credit note with its invoice and who issued it; with `accountId`, only when it is that business's. */
export async function findCreditNote(tx: Tx, id: string, accountId?: string) {
  const [row] = await tx
    .select({ note: tradeCreditNotes, invoice: tradeInvoices, issuedBy: users.fullName })
    .from(tradeCreditNotes)
    .innerJoin(tradeInvoices, eq(tradeInvoices.id, tradeCreditNotes.invoiceId))
    .innerJoin(users, eq(users.id, tradeCreditNotes.issuedBy))
    .where(and(eq(tradeCreditNotes.id, id), accountId ? eq(tradeCreditNotes.accountId, accountId) : undefined));
  return row;
}

/** The business's payments with something not yet allocated, oldest first: a credit its next invoice uses. */
export function findPaymentsWithCredit(tx: Tx, accountId: string) {
  return tx
    .select({ id: tradePayments.id, left: sql<number>`(${tradePayments.amount} - ${paymentAllocatedSql})::int` })
    .from(tradePayments)
    .where(and(eq(tradePayments.accountId, accountId), sql`${tradePayments.amount} > ${paymentAllocatedSql}`))
    .orderBy(asc(tradePayments.receivedAt));
}
