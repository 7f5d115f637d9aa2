/**
 * Pay on account, the money side: a delivered on-account order's invoice, and what it means to be
 * owed, due and overdue. Prices in the shop include VAT; an invoice shows the VAT its total contains.
 */
import { z } from 'zod';

/** An online payment of an invoice: waiting for the provider, recorded, or not made. */
export const INVOICE_PAYMENT_ATTEMPT_STATUSES = ['pending', 'completed', 'failed'] as const;

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

/**
 * Paid in full, part paid, overdue (due date passed, something still owed) or open. `paid` is what
 * settled it: payments allocated to it and credit notes against it.
 */
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
  /** What credit notes took off it. */
  credited: z.number().int(),
  /** total − paid − credited, never below 0. */
  outstanding: z.number().int(),
  state: z.enum(INVOICE_STATES),
  issuedAt: z.string(),
  dueAt: z.string(),
});
export type TradeInvoice = z.infer<typeof TradeInvoice>;
/** A credit note against an invoice: lowers what it owes. */
export const TradeCreditNote = z.object({
  id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  issuedAt: z.string(),
});
export type TradeCreditNote = z.infer<typeof TradeCreditNote>;

export const TradeInvoices = z.object({
  invoices: z.array(TradeInvoice),
  creditNotes: z.array(TradeCreditNote),
  /** What the business owes on account now (uninvoiced orders and unpaid invoices), and its limit. */
  owed: z.number().int(),
  creditLimit: z.number().int().nullable(),
});
export type TradeInvoices = z.infer<typeof TradeInvoices>;
export const TradeInvoiceParams = z.object({ id: z.uuid('Invoice not found') });
export const TradeCreditNoteParams = z.object({ id: z.uuid('Credit note not found') });

// Credit notes, issued by staff against an invoice.
export const CREDIT_NOTE_MAX_REASON = 300;
export const AdminCreditNoteInput = z.object({
  amount: z
    .number({ error: 'Enter the amount in UGX' })
    .int('Enter the amount in whole shillings')
    .min(1, 'Enter an amount above zero')
    .max(2_000_000_000, 'The amount is too large'),
  reason: z
    .string({ error: 'Say why the invoice is credited' })
    .trim()
    .min(3, 'Say why the invoice is credited (goods returned, short weight…)')
    .max(CREDIT_NOTE_MAX_REASON, `At most ${CREDIT_NOTE_MAX_REASON} characters`),
});
export type AdminCreditNoteInput = z.input<typeof AdminCreditNoteInput>;
export const CREDIT_NOTE_MESSAGES = {
  overRemaining: (number: string, left: string) => `${number} has ${left} left that can be credited. Credit at most that.`,
  nothingLeft: (number: string) => `${number} is settled in full: there is nothing left to credit.`,
} as const;

// Paying an invoice online, by a member, through the payment provider.
export const PayInvoiceResponse = z.object({ paymentUrl: z.string(), orderTrackingId: z.string() });
export type PayInvoiceResponse = z.infer<typeof PayInvoiceResponse>;
export const InvoicePaymentVerifyInput = z.object({ orderTrackingId: z.string().trim().min(1, 'Missing payment reference').max(100) });
export const InvoicePaymentResult = z.object({
  status: z.enum(INVOICE_PAYMENT_ATTEMPT_STATUSES),
  invoiceNumber: z.string(),
  amount: z.number().int(),
  message: z.string(),
});
export type InvoicePaymentResult = z.infer<typeof InvoicePaymentResult>;
export const INVOICE_PAYMENT_MESSAGES = {
  paid: 'This invoice is already paid.',
  notPayer: "Only the account owner or a buyer can pay the business's invoices.",
  completed: (number: string) => `Thank you: your payment of ${number} is recorded.`,
  pending: 'Waiting for the payment to be confirmed…',
  failed: (why: string | null) => `The payment did not go through${why ? `: ${why}` : ''}. Nothing was charged; you can try again.`,
} as const;

// Payments on account, recorded by staff.
export const TRADE_PAYMENT_METHODS = ['bank', 'mobile_money', 'cash', 'online'] as const;
export type TradePaymentMethod = (typeof TRADE_PAYMENT_METHODS)[number];
/** What staff record by hand; `online` is written only by the provider's confirmation. */
export const STAFF_TRADE_PAYMENT_METHODS = ['bank', 'mobile_money', 'cash'] as const;
export const TRADE_PAYMENT_METHOD_LABEL: Record<TradePaymentMethod, string> = {
  bank: 'Bank transfer',
  mobile_money: 'Mobile money',
  cash: 'Cash',
  online: 'Paid online',
};

export const CREDIT_PAYMENT_MESSAGES = {
  nothingOwed: 'This business owes nothing on its invoices.',
  overOwed: (owed: string) => `The payment is more than the business owes on its invoices (${owed}). Record the amount owed.`,
  overInvoice: (number: string, owed: string) => `${number} has ${owed} left to pay. Record at most that against it.`,
  invoicePaid: 'This invoice is already paid.',
} as const;

export const AdminTradePaymentInput = z.object({
  method: z.enum(STAFF_TRADE_PAYMENT_METHODS, { error: 'Choose how the business paid' }),
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

/** One line of a statement: an invoice (owed more), a payment or a credit note (owed less), with the balance after it. */
export const StatementEntry = z.object({
  kind: z.enum(['invoice', 'payment', 'credit_note']),
  id: z.string(),
  at: z.string(),
  description: z.string(),
  /** Positive for an invoice, negative for a payment or a credit note. */
  amount: z.number().int(),
  balance: z.number().int(),
});
export type StatementEntry = z.infer<typeof StatementEntry>;
export const TradeStatement = z.object({
  businessName: z.string(),
  entries: z.array(StatementEntry),
  balance: z.number().int(),
  overdue: z.number().int(),
  /** Paid and not allocated to any invoice (an online payment that found its invoice settled meanwhile): a credit on the account. */
  unallocated: z.number().int(),
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

/**
 * What the New order screen shows for a customer who may order on account: their business, its terms,
 * and the credit left (limit less what it owes). `overdue` names an invoice that blocks it, if any.
 */
export const StaffOnAccountOffer = z.object({
  offer: z
    .object({
      businessName: z.string(),
      termsDays: z.number().int(),
      creditLimit: z.number().int(),
      owed: z.number().int(),
      available: z.number().int(),
      overdue: z.string().nullable(),
    })
    .nullable(),
});
export type StaffOnAccountOffer = z.infer<typeof StaffOnAccountOffer>;
