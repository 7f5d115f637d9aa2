/**
 * The stock ledger: every change of an outlet's stock (orders, cancels, returns, deliveries, counts,
 * adjustments, transfers) is one row, so outlet_products.stock always equals the sum of its rows.
 */
import { STOCK_MOVEMENT_KINDS } from '@meatshop/shared/inventory';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { createdAt, id, oneOf } from './columns.ts';
import { orders } from './orders.ts';
import { outlets } from './outlets.ts';

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null only on the history of the old company-wide figure, from before stock lived at outlets. */
    outletId: uuid('outlet_id').references(() => outlets.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    kind: text('kind', { enum: STOCK_MOVEMENT_KINDS }).notNull().default('adjustment'),
    reason: text('reason').notNull(),
    /** The order whose units these are (kinds order, cancel, return): cancelling gives them back here. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('stock_movements_stock_after_check', sql`${t.stockAfter} >= 0`),
    index('stock_movements_product_created_idx').on(t.productId, t.createdAt.desc().nullsFirst()),
    check('stock_movements_kind_check', oneOf('kind', STOCK_MOVEMENT_KINDS)),
    index('stock_movements_outlet_product_idx').on(t.outletId, t.productId),
    index('stock_movements_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('stock_movements_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);
