/** Outlets (the shops riders pick up from) and the products each one stocks. */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { createdAt, id, updatedAt } from './columns.ts';

export const outlets = pgTable(
  'outlets',
  {
    id: id(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default('Kampala'),
    country: text('country').notNull().default('Uganda'),
    phone: text('phone').notNull(),
    openingHours: text('opening_hours').notNull(),
    managerName: text('manager_name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('outlets_name_idx').on(t.name)],
);

export const outletProducts = pgTable(
  'outlet_products',
  {
    id: id(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    outletPrice: integer('outlet_price').notNull(),
    stock: integer('stock').notNull().default(0),
    minStock: integer('min_stock').notNull().default(0),
    maxStock: integer('max_stock').notNull().default(0),
    isAvailable: boolean('is_available').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('outlet_products_outlet_product_unique').on(t.outletId, t.productId),
    index('outlet_products_product_idx').on(t.productId),
    check('outlet_products_price_check', sql`${t.outletPrice} >= 0`),
    check('outlet_products_stock_check', sql`${t.stock} >= 0 AND ${t.minStock} >= 0 AND ${t.maxStock} >= 0`),
  ],
);
