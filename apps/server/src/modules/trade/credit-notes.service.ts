/**
 * Credit notes: staff take an amount off an issued invoice (goods returned, a short weight) with a
 * reason. Each note is a row written once, numbered `CN-<year>-<000001>` from its own counter in
 * the note's transaction (no gaps, as invoices); what an invoice owes is its total less what was
 * paid and credited, so a note needs no other write. Under the business's row lock, as payments,
 * so a note and a payment on one invoice cannot together take it below zero.
 */
import { SHOP, SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { formatUGX } from '@meatshop/shared/money';
import { CREDIT_NOTE_MESSAGES, vatContained } from '@meatshop/shared/trade-credit';
import { TRADE_MESSAGES } from '@meatshop/shared/trade';
import type { Db } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { lockAccountForCredit } from './credit.repository.ts';
import { buildCreditNotePdf } from './credit-note-pdf.ts';
import { findCreditNote, findInvoiceById, insertCreditNote, lockInvoiceOwed, takeCreditNoteNumber } from './invoices.repository.ts';
import { findMembershipByUserId } from './trade.repository.ts';

const kampalaYear = (d: Date) => Number(new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: SHOP_TIME_ZONE }).format(d));
export const creditNoteNumber = (year: number, n: number) => `CN-${year}-${String(n).padStart(6, '0')}`;

/** Issues a credit note against an invoice, never for more than it still owes. */
export async function issueCreditNote(
  db: Db,
  invoiceId: string,
  input: { amount: number; reason: string },
  by: AuditActor,
  now = new Date(),
) {
  const found = await findInvoiceById(db, invoiceId);
  if (!found) throw notFound('Invoice not found');
  return db.transaction(async (tx) => {
    await lockAccountForCredit(tx, found.accountId);
    const locked = await lockInvoiceOwed(tx, invoiceId);
    if (!locked) throw notFound('Invoice not found');
    const { invoice, owed } = locked;
    if (owed <= 0) {
      const message = CREDIT_NOTE_MESSAGES.nothingLeft(invoice.number);
      throw invalid(message, { amount: message });
    }
    if (input.amount > owed) {
      const message = CREDIT_NOTE_MESSAGES.overRemaining(invoice.number, formatUGX(owed));
      throw invalid(message, { amount: message });
    }
    const year = kampalaYear(now);
    const n = await takeCreditNoteNumber(tx, year);
    const note = await insertCreditNote(tx, {
      number: creditNoteNumber(year, n),
      accountId: invoice.accountId,
      invoiceId: invoice.id,
      amount: input.amount,
      reason: input.reason.trim(),
      vatAmount: vatContained(input.amount, Number(invoice.vatRatePercent)),
      issuedAt: now,
      issuedBy: by.userId,
    });
    await recordAudit(tx, by, {
      entityType: 'trade_account',
      entityId: invoice.accountId,
      action: 'create',
      after: { creditNote: note.number, invoice: invoice.number, amount: note.amount, reason: note.reason },
    });
    return note;
  });
}

/** The PDF of one of the caller's business's credit notes; another business's answers like an unknown one. */
export async function myCreditNotePdf(db: Db, userId: string, id: string) {
  const m = await findMembershipByUserId(db, userId);
  if (!m) throw forbidden(TRADE_MESSAGES.notMember);
  return creditNotePdf(db, id, m.accountId);
}

export function staffCreditNotePdf(db: Db, id: string) {
  return creditNotePdf(db, id);
}

async function creditNotePdf(db: Db, id: string, accountId?: string) {
  const row = await findCreditNote(db, id, accountId);
  if (!row) throw notFound('Credit note not found');
  const settings = await getShopSettings(db);
  const pdf = await buildCreditNotePdf({
    shop: { name: SHOP.name, address: SHOP.address, phone: settings.supportPhone, email: settings.supportEmail, tin: settings.tin },
    note: row.note,
    invoice: row.invoice,
  });
  return { fileName: `${row.note.number}.pdf`, pdf };
}
