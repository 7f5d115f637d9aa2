/**
 * Pay on account: the invoices of delivered on-account orders, numbered without gaps. Each is a
 * recorded entry written once; what has been paid against it comes from payments allocated to it.
 */
import type { ChosenOption } from '@meatshop/shared/product-options';
import { TRADE_PAYMENT_METHODS } from '@meatshop/shared/trade-credit';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, oneOf, ts } from './columns.ts';
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
