/**
 * Cold-chain alerts: one row per order and level ('near' its time-out-of-chill limit, 'over' it).
 * The unique key is the claim: the periodic check inserts with ON CONFLICT DO NOTHING, so however
 * many instances run it at once, one insert wins and only that one tells the dispatcher and outlet.
 */
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { COLD_CHAIN_LEVELS } from '@meatshop/shared/cold-chain';
import { id, oneOf, ts } from './columns.ts';
import { orders } from './orders.ts';

export const coldChainAlerts = pgTable(
  'cold_chain_alerts',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    /** What the check saw when it raised the alert. */
    minutesOut: integer('minutes_out').notNull(),
    limitMinutes: integer('limit_minutes').notNull(),
    raisedAt: ts('raised_at').notNull().defaultNow(),
  },
  (t) => [
    check('cold_chain_alerts_level_check', oneOf('level', COLD_CHAIN_LEVELS)),
    uniqueIndex('cold_chain_alerts_order_level_idx').on(t.orderId, t.level),
    index('cold_chain_alerts_raised_idx').on(t.raisedAt),
  ],
);
