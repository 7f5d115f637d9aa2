/**
 * Trade invoices: the order core calls `invoiceOnDelivery` in the delivering transaction, so a
 * delivered on-account order has exactly one invoice (the order id is unique on it) and its number
 * is taken from the year's counter in the same transaction. Members read their business's invoices
 * and download each as a PDF; another business's invoice answers like an unknown one.
 */
import { SHOP, SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import { lineLabel } from '@meatshop/shared/product-options';
import { customerOrderNumber } from '@meatshop/shared/status';
import { TRADE_MESSAGES } from '@meatshop/shared/trade';
import { invoiceState, type TradeInvoice, type TradeInvoices, vatContained } from '@meatshop/shared/trade-credit';
import type { Db, Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { findOnAccountExposure, lockAccountForCredit } from './credit.repository.ts';
import { buildInvoicePdf, type InvoicePdfData } from './invoice-pdf.ts';
import {
  findAccountForInvoice,
  findCreditNotesOfAccount,
  findInvoiceById,
  findPaymentsWithCredit,
  findInvoiceOfAccount,
  findInvoicesOfAccount,
  findLinesForInvoice,
  type InvoiceRow,
  insertInvoice,
  takeInvoiceNumber,
} from './invoices.repository.ts';
import { insertAllocations } from './payments.repository.ts';
import { findMembershipByUserId, findTradeAccountById } from './trade.repository.ts';

const DAY_MS = 86_400_000;
/** Terms taken away after the order was placed: the invoice is still issued, due on the shortest terms. */
const FALLBACK_TERMS = 7;
const kampalaYear = (d: Date) => Number(new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: SHOP_TIME_ZONE }).format(d));
export const invoiceNumber = (year: number, n: number) => `INV-${year}-${String(n).padStart(6, '0')}`;

/** Issues the invoice of a delivered on-account order; nothing for any other order. */
export async function invoiceOnDelivery(tx: Tx, order: OrderRow, at: Date): Promise<InvoiceRow | null> {
  if (order.paymentMethod !== 'on_account' || !order.tradeAccountId) return null;
  const account = await findAccountForInvoice(tx, order.tradeAccountId);
  if (!account) return null;
  const settings = await getShopSettings(tx);
  const lines = (await findLinesForInvoice(tx, order.id)).map((l) => ({
    name: lineLabel(l.name, l.options, l.note),
    quantity: l.quantity,
    unitPrice: l.price,
    amount: l.finalPrice ?? l.price * l.quantity,
  }));
  const termsDays = account.termsDays ?? FALLBACK_TERMS;
  const year = kampalaYear(at);
  const n = await takeInvoiceNumber(tx, year);
  const invoice = await insertInvoice(tx, {
    number: invoiceNumber(year, n),
    accountId: order.tradeAccountId,
    orderId: order.id,
    businessName: account.businessName,
    tin: account.tin,
    address: account.address,
    lines,
    subtotal: order.subtotalAmount,
    discount: order.discountAmount ?? 0,
    deliveryFee: order.deliveryFee,
    total: order.totalAmount,
    vatRatePercent: String(settings.vatRatePercent),
    vatAmount: vatContained(order.totalAmount, settings.vatRatePercent),
    termsDays,
    issuedAt: at,
    dueAt: new Date(at.getTime() + termsDays * DAY_MS),
  });
  await useCredit(tx, order.tradeAccountId, invoice);
  return invoice;
}

/**
 * A payment that found nothing to pay (its invoice settled meanwhile) is a credit on the account:
 * the next invoice takes it, as allocation rows of that payment, oldest payment first.
 */
async function useCredit(tx: Tx, accountId: string, invoice: InvoiceRow) {
  if ((await findPaymentsWithCredit(tx, accountId)).length === 0) return;
  // Read again under the business's row lock (as payments take it), so two deliveries at once
  // cannot both spend the same credit.
  await lockAccountForCredit(tx, accountId);
  let left = invoice.total;
  const rows: { paymentId: string; invoiceId: string; amount: number }[] = [];
  for (const p of await findPaymentsWithCredit(tx, accountId)) {
    if (left <= 0) break;
    const take = Math.min(left, Number(p.left));
    rows.push({ paymentId: p.id, invoiceId: invoice.id, amount: take });
    left -= take;
  }
  await insertAllocations(tx, rows);
}

function toInvoice(i: InvoiceRow, paid: number, credited: number, now: Date): TradeInvoice {
  return {
    id: i.id,
    number: i.number,
    orderId: i.orderId,
    total: i.total,
    vatAmount: i.vatAmount,
    vatRatePercent: Number(i.vatRatePercent),
    paid,
    credited,
    outstanding: Math.max(0, i.total - paid - credited),
    state: invoiceState({ total: i.total, paid: paid + credited, dueAt: i.dueAt }, now),
    issuedAt: i.issuedAt.toISOString(),
    dueAt: i.dueAt.toISOString(),
  };
}

/** A business's invoices and what it owes now, for its members or for staff. */
export async function accountInvoices(db: Db, accountId: string, now = new Date()): Promise<TradeInvoices> {
  const account = await findTradeAccountById(db, accountId);
  if (!account) throw notFound('Trade account not found');
  const rows = await findInvoicesOfAccount(db, accountId);
  const notes = await findCreditNotesOfAccount(db, accountId);
  return {
    invoices: rows.map((r) => toInvoice(r.invoice, Number(r.paid), Number(r.credited), now)),
    creditNotes: notes.map(({ note, invoiceNumber }) => ({
      id: note.id,
      number: note.number,
      invoiceId: note.invoiceId,
      invoiceNumber,
      amount: note.amount,
      reason: note.reason,
      issuedAt: note.issuedAt.toISOString(),
    })),
    owed: await findOnAccountExposure(db, accountId),
    creditLimit: account.creditLimit,
  };
}

async function memberAccountId(db: Db, userId: string) {
  const m = await findMembershipByUserId(db, userId);
  if (!m) throw forbidden(TRADE_MESSAGES.notMember);
  return m.accountId;
}

export async function myInvoices(db: Db, userId: string, now = new Date()) {
  return accountInvoices(db, await memberAccountId(db, userId), now);
}

/** The PDF of one of the caller's business's invoices. */
export async function myInvoicePdf(db: Db, userId: string, id: string) {
  const invoice = await findInvoiceOfAccount(db, await memberAccountId(db, userId), id);
  if (!invoice) throw notFound('Invoice not found');
  return invoicePdf(db, invoice);
}

export async function staffInvoicePdf(db: Db, id: string) {
  const invoice = await findInvoiceById(db, id);
  if (!invoice) throw notFound('Invoice not found');
  return invoicePdf(db, invoice);
}

async function invoicePdf(db: Db, invoice: InvoiceRow) {
  const settings = await getShopSettings(db);
  const data: InvoicePdfData = {
    shop: { name: SHOP.name, address: SHOP.address, phone: settings.supportPhone, email: settings.supportEmail, tin: settings.tin },
    invoice,
    orderNumber: customerOrderNumber(invoice.orderId),
  };
  return { fileName: `${invoice.number}.pdf`, pdf: await buildInvoicePdf(data) };
}
