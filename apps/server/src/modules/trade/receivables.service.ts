/**
 * Receivables: what every business owes on account, aged by how long its invoices are past due
 * (current, 1–30, 31–60, 60+ days), and the reminder staff send from it. A reminder covers the
 * business's unpaid invoices not yet reminded today; each is recorded (one row per invoice per
 * Kampala day, the key refuses a second) and the messages go through the outbox.
 */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { ageingBucket, type Receivables, type ReceivablesRow, REMINDER_MESSAGES, type ReminderResult } from '@meatshop/shared/trade-credit';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { queueInvoiceReminder } from '../messages/invoice-messages.ts';
import { kampalaDate } from '../../platform/pdf-document.ts';
import { findReminderContacts, findUnpaidInvoicesWithAccounts, insertReminders } from './receivables.repository.ts';

const DAY_MS = 86_400_000;
const kampalaDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(d);
/** Whole days past due, counted in Kampala days (due today is 0). */
const daysOverdue = (dueAt: Date, now: Date) => Math.round((Date.parse(kampalaDay(now)) - Date.parse(kampalaDay(dueAt))) / DAY_MS);

const empty = () => ({ current: 0, d1_30: 0, d31_60: 0, d60_plus: 0, total: 0 });

export async function receivables(db: Db, now = new Date()): Promise<Receivables> {
  const rows = await findUnpaidInvoicesWithAccounts(db);
  const byAccount = new Map<string, ReceivablesRow>();
  const totals = empty();
  for (const i of rows) {
    const row = byAccount.get(i.accountId) ?? {
      accountId: i.accountId,
      businessName: i.businessName,
      invoices: 0,
      lastReminder: null,
      ...empty(),
    };
    const bucket = ageingBucket(daysOverdue(i.dueAt, now));
    row[bucket] += i.owed;
    row.total += i.owed;
    row.invoices += 1;
    if (i.lastReminder && (!row.lastReminder || i.lastReminder > row.lastReminder)) row.lastReminder = i.lastReminder;
    totals[bucket] += i.owed;
    totals.total += i.owed;
    byAccount.set(i.accountId, row);
  }
  // Most overdue first: the oldest bucket, then the total.
  const accounts = [...byAccount.values()].sort(
    (a, b) => b.d60_plus - a.d60_plus || b.d31_60 - a.d31_60 || b.d1_30 - a.d1_30 || b.total - a.total,
  );
  return { accounts, totals };
}

export async function sendReminder(
  db: Db,
  accountId: string,
  by: AuditActor,
  publicUrl: string,
  now = new Date(),
): Promise<ReminderResult> {
  return db.transaction(async (tx) => {
    const contacts = await findReminderContacts(tx, accountId);
    if (!contacts) throw notFound('Trade account not found');
    const unpaid = await findUnpaidInvoicesWithAccounts(tx, accountId);
    if (unpaid.length === 0) throw new AppError('CONFLICT', REMINDER_MESSAGES.nothingDue);
    const fresh = new Set(
      await insertReminders(
        tx,
        unpaid.map((i) => i.id),
        kampalaDay(now),
        by.userId,
      ),
    );
    const invoices = unpaid.filter((i) => fresh.has(i.id));
    if (invoices.length === 0) throw new AppError('CONFLICT', REMINDER_MESSAGES.alreadyToday);
    await queueInvoiceReminder(tx, {
      ...contacts,
      invoices: invoices.map((i) => ({
        number: i.number,
        owed: i.owed,
        due: kampalaDate(i.dueAt),
        overdue: daysOverdue(i.dueAt, now) > 0,
      })),
      link: `${publicUrl}/account/trade`,
    });
    return { reminded: invoices.map((i) => i.number), channels: ['email', 'sms'] };
  });
}
