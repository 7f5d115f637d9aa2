/**
 * Pay on account: the invoices of delivered on-account orders, numbered without gaps. Each is a
 * recorded entry written once; what has been paid against it comes from payments allocated to it.
 */
import type { ChosenOption } from '@meatshop/shared/product-options';
import { INVOICE_PAYMENT_ATTEMPT_STATUSES, TRADE_PAYMENT_METHODS } from '@meatshop/shared/trade-credit';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, oneOf, ts, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { tradeAccounts } from './trade.ts';

/** The last invoice number of each year: taken with the invoice in one transaction, so no gaps. */
export const tradeInvoiceCounters = pgTable('trade_invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** One line as the invoice printed it. */
export interface InvoiceLine {
  name: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  options?: ChosenOption[];
}

export const tradeInvoices = pgTable(
  'trade_invoices',
  {
    id: id(),
    /** INV-2026-000123: the year of issue and its sequence in that year. */
    number: text('number').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The business as it was when invoiced: an invoice does not change when the account does. */
    businessName: text('business_name').notNull(),
    tin: text('tin').notNull(),
    address: text('address').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    deliveryFee: integer('delivery_fee').notNull(),
    /** What the business owes for the order; prices include VAT. */
    total: integer('total').notNull(),
    /** The rate in Settings at issue, and the VAT the total contains at that rate. */
    vatRatePercent: numeric('vat_rate_percent', { precision: 5, scale: 2 }).notNull(),
    vatAmount: integer('vat_amount').notNull(),
    termsDays: integer('terms_days').notNull(),
    issuedAt: ts('issued_at').notNull(),
    dueAt: ts('due_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('trade_invoices_total_check', sql`${t.total} >= 0 AND ${t.vatAmount} >= 0 AND ${t.vatAmount} <= ${t.total}`),
    check('trade_invoices_due_check', sql`${t.dueAt} >= ${t.issuedAt}`),
    index('trade_invoices_account_idx').on(t.accountId, t.issuedAt),
  ],
);

/** A payment a business made on account, recorded by staff: never changed, only allocated. */
export const tradePayments = pgTable(
  'trade_payments',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'restrict' }),
    method: text('method').notNull(),
    reference: text('reference').notNull(),
    amount: integer('amount').notNull(),
    receivedAt: ts('received_at').notNull(),
    recordedBy: text('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /**
     * An online payment's order tracking id at the provider: unique, so the provider's confirmation
     * (redirect, IPN, a retry of either) records the payment once however often it arrives.
     */
    providerReference: text('provider_reference').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('trade_payments_method_check', oneOf('method', TRADE_PAYMENT_METHODS)),
    check('trade_payments_amount_check', sql`${t.amount} > 0`),
    index('trade_payments_account_idx').on(t.accountId, t.receivedAt),
  ],
);

/** How much of a payment went to which invoice; an invoice's paid amount is the sum of these. */
export const tradePaymentAllocations = pgTable(
  'trade_payment_allocations',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => tradePayments.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => tradeInvoices.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
  },
  (t) => [
    check('trade_payment_allocations_amount_check', sql`${t.amount} > 0`),
    index('trade_payment_allocations_invoice_idx').on(t.invoiceId),
  ],
);

/** A payment reminder sent for an invoice: one a day at most (the key), each message through the outbox. */
export const tradeInvoiceReminders = pgTable(
  'trade_invoice_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => tradeInvoices.id, { onDelete: 'cascade' }),
    /** The Kampala day it was sent. */
    day: date('day', { mode: 'string' }).notNull(),
    sentBy: text('sent_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.day] })],
);

/**
 * A member's attempt to pay an invoice online through the payment provider. The amount is what the
 * invoice owed when it started (read by the server); the provider's confirmation turns it into one
 * `trade_payments` row (its id kept here), never into a changed figure.
 */
export const tradeInvoicePaymentAttempts = pgTable(
  'trade_invoice_payment_attempts',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => tradeInvoices.id, { onDelete: 'restrict' }),
    /** The member who pressed Pay now: the payment is recorded as theirs. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    merchantReference: text('merchant_reference').notNull().unique(),
    orderTrackingId: text('order_tracking_id').unique(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('pending'),
    statusDescription: text('status_description'),
    /** The payment it became, once the provider said completed. */
    paymentId: uuid('payment_id')
      .unique()
      .references(() => tradePayments.id, { onDelete: 'restrict' }),
    providerResponses: jsonb('provider_responses').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('trade_invoice_payment_attempts_status_check', oneOf('status', INVOICE_PAYMENT_ATTEMPT_STATUSES)),
    check('trade_invoice_payment_attempts_amount_check', sql`${t.amount} > 0`),
    index('trade_invoice_payment_attempts_invoice_idx').on(t.invoiceId),
  ],
);

/** The last credit note number of each year: taken with the note in one transaction, so no gaps. */
export const tradeCreditNoteCounters = pgTable('trade_credit_note_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * A credit note staff issued against an invoice (goods returned, a short weight, a goodwill
 * discount): written once, it lowers what the invoice owes as a payment does, without being money in.
 */
export const tradeCreditNotes = pgTable(
  'trade_credit_notes',
  {
    id: id(),
    /** CN-2026-000012: the year of issue and its sequence in that year. */
    number: text('number').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => tradeInvoices.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The rate the invoice was issued at, and the VAT the credited amount contains at it. */
    vatAmount: integer('vat_amount').notNull(),
    issuedAt: ts('issued_at').notNull(),
    issuedBy: text('issued_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('trade_credit_notes_amount_check', sql`${t.amount} > 0 AND ${t.vatAmount} >= 0 AND ${t.vatAmount} <= ${t.amount}`),
    index('trade_credit_notes_invoice_idx').on(t.invoiceId),
    index('trade_credit_notes_account_idx').on(t.accountId, t.issuedAt),
  ],
);
