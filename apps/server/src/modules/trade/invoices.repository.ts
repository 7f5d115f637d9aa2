/** The queries of trade invoices: numbering, writing one, an order's lines, and a business's invoices. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderItems } from '../../db/schema/orders.ts';
import { tradeInvoiceCounters, tradeInvoices } from '../../db/schema/trade-credit.ts';
import { tradeAccounts } from '../../db/schema/trade.ts';
import { invoicePaidSql } from './credit.repository.ts';

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

/** A business's invoices, newest first, each with what has been paid against it. */
export function findInvoicesOfAccount(tx: Tx, accountId: string) {
  return tx
    .select({ invoice: tradeInvoices, paid: sql<number>`${invoicePaidSql}::int` })
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
