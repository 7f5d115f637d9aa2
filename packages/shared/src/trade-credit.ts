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

// Payments on account, recorded by staff.
export const TRADE_PAYMENT_METHODS = ['bank', 'mobile_money', 'cash'] as const;
export type TradePaymentMethod = (typeof TRADE_PAYMENT_METHODS)[number];
export const TRADE_PAYMENT_METHOD_LABEL: Record<TradePaymentMethod, string> = {
  bank: 'Bank transfer',
  mobile_money: 'Mobile money',
  cash: 'Cash',
};

export const CREDIT_PAYMENT_MESSAGES = {
  nothingOwed: 'This business owes nothing on its invoices.',
  overOwed: (owed: string) => `The payment is more than the business owes on its invoices (${owed}). Record the amount owed.`,
  overInvoice: (number: string, owed: string) => `${number} has ${owed} left to pay. Record at most that against it.`,
  invoicePaid: 'This invoice is already paid.',
} as const;

export const AdminTradePaymentInput = z.object({
  method: z.enum(TRADE_PAYMENT_METHODS, { error: 'Choose how the business paid' }),
  reference: z.string().trim().min(2, 'Enter the payment reference (bank slip, transaction id or receipt number)').max(100),
  amount: z
    .number({ error: 'Enter the amount in UGX' })
    .int('Enter the amount in whole shillings')
    .min(1, 'Enter the amount paid')
    .max(2_000_000_000, 'The amount is too large'),
  /** Pay this invoice; without it the payment goes to the oldest unpaid invoices first. */
  invoiceId: z.uuid('Unknown invoice').optional(),
});
export type AdminTradePaymentInput = z.input<typeof AdminTradePaymentInput>;

/** One line of a statement: an invoice (owed more) or a payment (owed less), with the balance after it. */
export const StatementEntry = z.object({
  kind: z.enum(['invoice', 'payment']),
  id: z.string(),
  at: z.string(),
  description: z.string(),
  /** Positive for an invoice, negative for a payment. */
  amount: z.number().int(),
  balance: z.number().int(),
});
export type StatementEntry = z.infer<typeof StatementEntry>;
export const TradeStatement = z.object({
  businessName: z.string(),
  entries: z.array(StatementEntry),
  balance: z.number().int(),
  overdue: z.number().int(),
});
export type TradeStatement = z.infer<typeof TradeStatement>;

// Receivables ageing: what each business owes, by how long past due.
export const AGEING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd60_plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_LABEL: Record<AgeingBucket, string> = {
  current: 'Current',
  d1_30: '1–30 days',
  d31_60: '31–60 days',
  d60_plus: '60+ days',
};
/** The bucket of an invoice `daysOverdue` past its due date (0 or less: not due yet). */
export const ageingBucket = (daysOverdue: number): AgeingBucket =>
  daysOverdue <= 0 ? 'current' : daysOverdue <= 30 ? 'd1_30' : daysOverdue <= 60 ? 'd31_60' : 'd60_plus';

const Buckets = z.object({
  current: z.number().int(),
  d1_30: z.number().int(),
  d31_60: z.number().int(),
  d60_plus: z.number().int(),
  total: z.number().int(),
});
export const ReceivablesRow = Buckets.extend({
  accountId: z.string(),
  businessName: z.string(),
  invoices: z.number().int(),
  /** Kampala day of the last reminder, if any. */
  lastReminder: z.string().nullable(),
});
export type ReceivablesRow = z.infer<typeof ReceivablesRow>;
export const Receivables = z.object({ accounts: z.array(ReceivablesRow), totals: Buckets });
export type Receivables = z.infer<typeof Receivables>;
export const ReminderResult = z.object({ reminded: z.array(z.string()), channels: z.array(z.enum(['email', 'sms'])) });
export type ReminderResult = z.infer<typeof ReminderResult>;
export const REMINDER_MESSAGES = {
  nothingDue: 'This business has no unpaid invoices to remind it of.',
  alreadyToday: 'A reminder for these invoices was already sent today. Try again tomorrow.',
} as const;
