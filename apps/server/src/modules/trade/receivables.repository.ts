/** The queries of receivables: every unpaid invoice with its business, and the reminders sent. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tradeInvoiceReminders, tradeInvoices } from '../../db/schema/trade-credit.ts';
import { tradeAccounts, tradeMembers } from '../../db/schema/trade.ts';
import { users } from '../../db/schema/accounts.ts';
import { invoiceSettledSql } from './credit.repository.ts';

/** Unpaid invoices of every business (or one), oldest due first, with what is left and the last reminder. */
export function findUnpaidInvoicesWithAccounts(tx: Tx, accountId?: string) {
  return tx
    .select({
      id: tradeInvoices.id,
      number: tradeInvoices.number,
      accountId: tradeInvoices.accountId,
      businessName: tradeAccounts.businessName,
      dueAt: tradeInvoices.dueAt,
      owed: sql<number>`(${tradeInvoices.total} - ${invoiceSettledSql})::int`,
      lastReminder: sql<string | null>`(SELECT max(r.day)::text FROM ${tradeInvoiceReminders} r WHERE r.invoice_id = ${tradeInvoices.id})`,
    })
    .from(tradeInvoices)
    .innerJoin(tradeAccounts, eq(tradeAccounts.id, tradeInvoices.accountId))
    .where(and(sql`${tradeInvoices.total} > ${invoiceSettledSql}`, accountId ? eq(tradeInvoices.accountId, accountId) : undefined))
    .orderBy(asc(tradeInvoices.dueAt))
    .limit(5000);
}

/** Records today's reminder of each invoice; returns the ids that had none today (the others are skipped). */
export async function insertReminders(tx: Tx, invoiceIds: string[], day: string, sentBy: string) {
  if (invoiceIds.length === 0) return [];
  const rows = await tx
    .insert(tradeInvoiceReminders)
    .values(invoiceIds.map((invoiceId) => ({ invoiceId, day, sentBy })))
    .onConflictDoNothing()
    .returning({ invoiceId: tradeInvoiceReminders.invoiceId });
  return rows.map((r) => r.invoiceId);
}

/** Who a reminder goes to: the owner's email and name, and the business's contact phone. */
export async function findReminderContacts(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({ name: users.fullName, email: users.email, phone: tradeAccounts.contactPhone, businessName: tradeAccounts.businessName })
    .from(tradeAccounts)
    .innerJoin(tradeMembers, and(eq(tradeMembers.accountId, tradeAccounts.id), eq(tradeMembers.role, 'owner')))
    .innerJoin(users, eq(users.id, tradeMembers.userId))
    .where(eq(tradeAccounts.id, accountId));
  return row;
}
