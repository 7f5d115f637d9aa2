/** What riders earn. */
import { EARNING_TYPES } from '@meatshop/shared/status';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deliveryRiders } from './accounts.ts';
import { createdAt, id, oneOf } from './columns.ts';
import { orders } from './orders.ts';

export const riderEarnings = pgTable(
  'rider_earnings',
  {
    id: id(),
    riderId: text('rider_id')
      .notNull()
      .references(() => deliveryRiders.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    distanceKm: doublePrecision('distance_km'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('rider_earnings_type_check', oneOf('type', EARNING_TYPES)),
    check('rider_earnings_amount_check', sql`${t.amount} >= 0`),
    index('rider_earnings_rider_created_idx').on(t.riderId, t.createdAt.desc().nullsFirst()),
    /** One delivery earning per order, however often the delivery is retried. */
    uniqueIndex('rider_earnings_delivery_order_idx').on(t.orderId).where(sql`type = 'delivery'`),
  ],
);
