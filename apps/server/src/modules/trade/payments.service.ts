/**
 * Payments on account: staff record what a business paid (bank, mobile money, cash) and it is
 * allocated to its invoices, oldest first or to the one chosen. The payment and its allocations are
 * rows written once; an invoice's paid amount is always their sum, never a figure overwritten. The
 * business's row is locked as a placement on account locks it, so a payment and an order on one
 * business run one after the other and the exposure each reads is whole.
 */
import { formatUGX } from '@meatshop/shared/money';
import {
  CREDIT_PAYMENT_MESSAGES,
  TRADE_PAYMENT_METHOD_LABEL,
  type StatementEntry,
  type TradePaymentMethod,
  type TradeStatement,
  invoiceState,
} from '@meatshop/shared/trade-credit';
import { TRADE_MESSAGES } from '@meatshop/shared/trade';
import type { Db } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { kampalaDate } from '../../platform/pdf-document.ts';
import { findUnallocatedCredit, lockAccountForCredit } from './credit.repository.ts';
import { findCreditNotesOfAccount, findInvoicesOfAccount } from './invoices.repository.ts';
import { findPaymentsOfAccount, findUnpaidInvoices, insertAllocations, insertPayment } from './payments.repository.ts';
import { findMembershipByUserId, findTradeAccountById } from './trade.repository.ts';

export interface PaymentInput {
  method: TradePaymentMethod;
  reference: string;
  amount: number;
  invoiceId?: string;
}

/** Splits `amount` over the unpaid invoices in order; refuses more than they owe together. */
export function allocate(unpaid: { id: string; number: string; owed: number }[], amount: number, invoiceId?: string) {
  const total = unpaid.reduce((s, i) => s + i.owed, 0);
  if (invoiceId) {
    const one = unpaid.find((i) => i.id === invoiceId);
    if (!one) throw invalid(CREDIT_PAYMENT_MESSAGES.invoicePaid, { invoiceId: CREDIT_PAYMENT_MESSAGES.invoicePaid });
    if (amount > one.owed) {
      const message = CREDIT_PAYMENT_MESSAGES.overInvoice(one.number, formatUGX(one.owed));
      throw invalid(message, { amount: message });
    }
    return [{ invoiceId: one.id, amount }];
  }
  if (total === 0) throw invalid(CREDIT_PAYMENT_MESSAGES.nothingOwed, { amount: CREDIT_PAYMENT_MESSAGES.nothingOwed });
  if (amount > total) {
    const message = CREDIT_PAYMENT_MESSAGES.overOwed(formatUGX(total));
    throw invalid(message, { amount: message });
  }
  const out: { invoiceId: string; amount: number }[] = [];
  let left = amount;
  for (const i of unpaid) {
    if (left === 0) break;
    const take = Math.min(left, i.owed);
    out.push({ invoiceId: i.id, amount: take });
    left -= take;
  }
  return out;
}

export async function recordTradePayment(db: Db, accountId: string, input: PaymentInput, by: AuditActor, now = new Date()) {
  await db.transaction(async (tx) => {
    const account = await lockAccountForCredit(tx, accountId);
    if (!account) throw notFound('Trade account not found');
    const allocations = allocate(await findUnpaidInvoices(tx, accountId), input.amount, input.invoiceId);
    const payment = await insertPayment(tx, {
      accountId,
      method: input.method,
      reference: input.reference,
      amount: input.amount,
      receivedAt: now,
      recordedBy: by.userId,
    });
    await insertAllocations(
      tx,
      allocations.map((a) => ({ ...a, paymentId: payment.id })),
    );
    await recordAudit(tx, by, {
      entityType: 'trade_account',
      entityId: accountId,
      action: 'create',
      after: { payment: payment.id, method: input.method, reference: input.reference, amount: input.amount, allocations },
    });
  });
  return accountStatement(db, accountId, now);
}

/** Invoices and payments in date order with the balance after each: what the business owes, line by line. */
export async function accountStatement(db: Db, accountId: string, now = new Date()): Promise<TradeStatement> {
  const account = await findTradeAccountById(db, accountId);
  if (!account) throw notFound('Trade account not found');
  const invoices = await findInvoicesOfAccount(db, accountId);
  const payments = await findPaymentsOfAccount(db, accountId);
  const notes = await findCreditNotesOfAccount(db, accountId);
  const lines: Omit<StatementEntry, 'balance'>[] = [
    ...invoices.map(({ invoice: i }) => ({
      kind: 'invoice' as const,
      id: i.id,
      at: i.issuedAt.toISOString(),
      description: `Invoice ${i.number}, due ${kampalaDate(i.dueAt)}`,
      amount: i.total,
    })),
    ...payments.map((p) => ({
      kind: 'payment' as const,
      id: p.id,
      at: p.receivedAt.toISOString(),
      description: `${TRADE_PAYMENT_METHOD_LABEL[p.method as TradePaymentMethod]} ${p.reference}${p.invoices ? ` (${p.invoices})` : ''}`,
      amount: -p.amount,
    })),
    ...notes.map(({ note: n, invoiceNumber }) => ({
      kind: 'credit_note' as const,
      id: n.id,
      at: n.issuedAt.toISOString(),
      description: `Credit note ${n.number} on ${invoiceNumber}: ${n.reason}`,
      amount: -n.amount,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at) || (a.kind === b.kind ? 0 : a.kind === 'invoice' ? -1 : b.kind === 'invoice' ? 1 : 0));
  let balance = 0;
  const entries = lines.map((l) => {
    balance += l.amount;
    return { ...l, balance };
  });
  const overdue = invoices
    .filter(
      (r) => invoiceState({ total: r.invoice.total, paid: Number(r.paid) + Number(r.credited), dueAt: r.invoice.dueAt }, now) === 'overdue',
    )
    .reduce((s, r) => s + r.invoice.total - Number(r.paid) - Number(r.credited), 0);
  const unallocated = await findUnallocatedCredit(db, accountId);
  return { businessName: account.businessName, entries, balance, overdue, unallocated };
}

export async function myStatement(db: Db, userId: string, now = new Date()) {
  const m = await findMembershipByUserId(db, userId);
  if (!m) throw forbidden(TRADE_MESSAGES.notMember);
  return accountStatement(db, m.accountId, now);
}

const STATEMENT_KIND: Record<StatementEntry['kind'], string> = { invoice: 'Invoice', payment: 'Payment', credit_note: 'Credit note' };

/** The statement as CSV for a spreadsheet: one row per entry, amounts in whole shillings. */
export function statementCsv(s: TradeStatement) {
  const cell = (v: string | number) => {
    const t = String(v);
    // A leading = + - @ would run as a formula in a spreadsheet.
    const safe = /^[=+\-@]/.test(t) && typeof v === 'string' ? `'${t}` : t;
    return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const rows: (string | number)[][] = [['Date', 'Entry', 'Description', 'Amount (UGX)', 'Balance (UGX)']];
  for (const e of s.entries) rows.push([e.at.slice(0, 10), STATEMENT_KIND[e.kind], e.description, e.amount, e.balance]);
  return `${rows.map((r) => r.map(cell).join(',')).join('\n')}\n`;
}
