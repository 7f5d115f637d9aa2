/**
 * The reconciliation job's latest word on each provider payment: what the provider said when last
 * asked, and whether it agrees with what we recorded. One row per payment; a row whose difference is
 * set is listed for a person to act on (Admin > Reports > Payments).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { payments } from './orders.ts';

export const paymentChecks = pgTable(
  'payment_checks',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Null until the provider has answered once. */
    checkedAt: ts('checked_at'),
    /** INVALID, COMPLETED, FAILED or REVERSED, as the provider said it. */
    providerStatus: text('provider_status'),
    /** Whole UGX as the provider reported it (null when it reported none). */
    providerAmount: integer('provider_amount'),
    providerCurrency: text('provider_currency'),
    /** Our attempt's status when it was compared (pending, completed, failed, reversed, invalid). */
    ourStatus: text('our_status'),
    /** What a person must look at, in words; null while the provider agrees. */
    difference: text('difference'),
    /** When the current difference was first seen: admins are told once, when it appears. */
    differenceSince: ts('difference_since'),
    /** Agrees and settled on both sides: the job stops asking until our side changes. */
    confirmed: boolean('confirmed').notNull().default(false),
    checks: integer('checks').notNull().default(0),
    /** Why the last attempt to ask got no answer (network, provider error). */
    lastError: text('last_error'),
    /** Taken by one instance's run, so two instances never ask about the same payment at once. */
    lockedUntil: ts('locked_until'),
    raw: jsonb('raw'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_checks_difference_idx').on(t.differenceSince).where(sql`${t.difference} IS NOT NULL`)],
);
