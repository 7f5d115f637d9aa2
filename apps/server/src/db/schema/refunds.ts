/**
 * Refunds of orders. The sum of an order's refunds that are not failed never exceeds what was paid
 * (checked under the order's row lock in refunds.service.ts, which a CHECK cannot express).
 */
import { REFUND_METHODS, REFUND_REASONS, REFUND_STATES } from '@meatshop/shared/refunds';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, oneOf, ts, updatedAt } from './columns.ts';
import { orders, payments } from './orders.ts';
import { outlets } from './outlets.ts';

export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The payment given back through the provider; null for cash. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /** The admin who asked; null when the shop itself opened it (an automatic cancel). */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    state: text('state').notNull().default('requested'),
    /** simulator or pesapal, for provider refunds: an answer is only trusted from the one that was asked. */
    provider: text('provider'),
    /** The payment's confirmation code the refund was requested against. */
    providerReference: text('provider_reference'),
    /** The provider's last word on it ("Refund request successfully", or why it refused). */
    providerMessage: text('provider_message'),
    providerResponses: jsonb('provider_responses').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    /** Cash paid back over the counter: which outlet paid it. */
    outletId: uuid('outlet_id').references(() => outlets.id, { onDelete: 'set null' }),
    /** A cash order refunded before delivery: the rider collects this much less. */
    reducesCollection: boolean('reduces_collection').notNull().default(false),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_reason_check', oneOf('reason', REFUND_REASONS)),
    check('refunds_method_check', oneOf('method', REFUND_METHODS)),
    check('refunds_state_check', oneOf('state', REFUND_STATES)),
    check('refunds_collection_check', sql`NOT ${t.reducesCollection} OR ${t.method} = 'cash'`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_state_created_idx').on(t.state, t.createdAt),
  ],
);
