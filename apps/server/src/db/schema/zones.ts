/** Delivery zones: a centre and radius with a fee; checkout charges the smallest zone holding the point. */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: id(),
    name: text('name').notNull().unique(),
    centerLat: doublePrecision('center_lat').notNull(),
    centerLng: doublePrecision('center_lng').notNull(),
    radiusKm: doublePrecision('radius_km').notNull(),
    /** Whole shillings. */
    fee: integer('fee').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('delivery_zones_fee_check', sql`${t.fee} >= 0`),
    check('delivery_zones_radius_check', sql`${t.radiusKm} > 0`),
    check('delivery_zones_center_check', sql`${t.centerLat} BETWEEN -90 AND 90 AND ${t.centerLng} BETWEEN -180 AND 180`),
  ],
);
