/**
 * Live rider tracking: where the rider was while carrying an order. Rows exist only
 * for open deliveries and are deleted by the retention job once the delivery has closed.
 */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { deliveryRiders } from './accounts.ts';
import { createdAt, id, ts } from './columns.ts';
import { orders } from './orders.ts';

export const riderPositions = pgTable(
  'rider_positions',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    riderId: text('rider_id')
      .notNull()
      .references(() => deliveryRiders.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Metres, as the phone reported it. */
    accuracy: doublePrecision('accuracy'),
    /** When the phone took it (a position queued offline arrives later). */
    recordedAt: ts('recorded_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('rider_positions_coords_check', sql`${t.latitude} BETWEEN -90 AND 90 AND ${t.longitude} BETWEEN -180 AND 180`),
    index('rider_positions_order_recorded_idx').on(t.orderId, t.recordedAt.desc()),
  ],
);
