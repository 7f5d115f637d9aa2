/** Stock movements: every manual stock change with its reason, for the inventory history (issue 9 item 6). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { createdAt, id } from './columns.ts';
import { outlets } from './outlets.ts';

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null for the catalogue stock (products.stock); set for an outlet's stock (outlet_products). */
    outletId: uuid('outlet_id').references(() => outlets.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('stock_movements_stock_after_check', sql`${t.stockAfter} >= 0`),
    index('stock_movements_product_created_idx').on(t.productId, t.createdAt.desc().nullsFirst()),
    index('stock_movements_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);
