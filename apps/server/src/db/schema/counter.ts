/** The butcher's counter: the kept record of each final charge after packing (the order row holds only its current figures). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { orderBalances, orders } from './orders.ts';
import { refunds } from './refunds.ts';

/**
 * One row each time packing lowered an order's total (weighed under the estimate, a line short):
 * the total before and after, and where the difference went: a refund on a paid order, an unpaid
 * balance cancelled, or simply less for the rider to collect on cash on delivery. The first total
 * plus every edit's and every settlement's difference is the current total.
 */
export const counterSettlements = pgTable(
  'counter_settlements',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    settledBy: text('settled_by').references(() => users.id, { onDelete: 'set null' }),
    /** As it was then, so the record reads right after the account is gone. */
    settlerName: text('settler_name').notNull(),
    totalBefore: integer('total_before').notNull(),
    totalAfter: integer('total_after').notNull(),
    subtotalAfter: integer('subtotal_after').notNull(),
    discountAfter: integer('discount_after').notNull(),
    /** total_after - total_before: always negative (settling never raises a total). */
    amountDifference: integer('amount_difference').notNull(),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    /** Part of the difference that cancelled a balance still unpaid, before any refund. */
    balanceCancelled: integer('balance_cancelled').notNull().default(0),
    balanceId: uuid('balance_id').references(() => orderBalances.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('counter_settlements_difference_check', sql`${t.amountDifference} < 0 AND ${t.totalAfter} >= 0`),
    index('counter_settlements_order_idx').on(t.orderId, t.createdAt),
  ],
);
