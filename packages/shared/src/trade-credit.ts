/**
 * Pay on account, the money side: a delivered on-account order's invoice, and what it means to be
 * owed, due and overdue. Prices in the shop include VAT; an invoice shows the VAT its total contains.
 */
import { z } from 'zod';

export const INVOICE_STATES = ['open', 'overdue', 'part_paid', 'paid'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABEL: Record<InvoiceState, string> = {
  open: 'Due',
  overdue: 'Overdue',
  part_paid: 'Part paid',
  paid: 'Paid',
};

/** The VAT a VAT-inclusive amount contains at `ratePercent`, to the shilling. */
export const vatContained = (total: number, ratePercent: number) => Math.round((total * ratePercent) / (100 + ratePercent));

/** Paid in full, part paid, overdue (due date passed, something still owed) or open. */
export function invoiceState(i: { total: number; paid: number; dueAt: Date | string }, now: Date): InvoiceState {
  if (i.paid >= i.total) return 'paid';
  if (new Date(i.dueAt).getTime() < now.getTime()) return 'overdue';
  return i.paid > 0 ? 'part_paid' : 'open';
}

export const TradeInvoice = z.object({
  id: z.string(),
  number: z.string(),
  orderId: z.string(),
  total: z.number().int(),
  vatAmount: z.number().int(),
  vatRatePercent: z.number(),
  paid: z.number().int(),
  outstanding: z.number().int(),
  state: z.enum(INVOICE_STATES),
  issuedAt: z.string(),
  dueAt: z.string(),
});
export type TradeInvoice = z.infer<typeof TradeInvoice>;
export const TradeInvoices = z.object({
  invoices: z.array(TradeInvoice),
  /** What the business owes on account now (uninvoiced orders and unpaid invoices), and its limit. */
  owed: z.number().int(),
  creditLimit: z.number().int().nullable(),
});
export type TradeInvoices = z.infer<typeof TradeInvoices>;
export const TradeInvoiceParams = z.object({ id: z.uuid('Invoice not found') });
