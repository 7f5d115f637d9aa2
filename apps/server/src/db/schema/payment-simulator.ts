/**
 * The built-in payment simulator's own ledger: what a hosted payment page (Pesapal's, in
 * production) would keep on its side. Our payments table never reads it; the simulator provider
 * answers status requests from it, so the shop's verification code cannot tell it from Pesapal.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, ts, updatedAt } from './columns.ts';

export const SIMULATOR_STATUSES = ['pending', 'completed', 'failed', 'reversed'] as const;

export const paymentSimulatorTransactions = pgTable(
  'payment_simulator_transactions',
  {
    trackingId: uuid('tracking_id').primaryKey().default(sql`gen_random_uuid()`),
    merchantReference: text('merchant_reference').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    /** The method the shopper chose at checkout: mtn_money, airtel_money or card. */
    method: text('method').notNull(),
    phone: text('phone'),
    email: text('email'),
    payerName: text('payer_name'),
    callbackUrl: text('callback_url').notNull(),
    cancellationUrl: text('cancellation_url'),
    status: text('status').notNull().default('pending'),
    statusDescription: text('status_description'),
    confirmationCode: text('confirmation_code'),
    /** Refunded through RefundRequest; the transaction then reads REVERSED, as Pesapal's does. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    refundRemarks: text('refund_remarks'),
    refundedAt: ts('refunded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_simulator_status_check', oneOf('status', SIMULATOR_STATUSES)),
    check('payment_simulator_amount_check', sql`${t.amount} >= 0`),
    check('payment_simulator_refund_check', sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`),
  ],
);
