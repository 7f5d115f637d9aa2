/**
 * Sales rollups: the sales of each closed Kampala day, summed once, so the sales
 * report and the dashboard read a few rows per day instead of every order. Only reports write them,
 * lazily (modules/reports/sales-rollup.service.ts); checkout and order changes never do. Triggers
 * (migration 0009) mark a closed day in `sales_rollup_dirty` when one of its orders, lines or a
 * sold product's category changes, and the next report rebuilds it. No foreign keys: the rows are
 * a cache of orders, rebuilt on any change.
 *
 * `payment_bucket` holds what the two readers filter on: 'refunded', 'failed' or 'other' (cancelled
 * orders are left out). The report leaves out refunded orders, the dashboard failed payments.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

const day = () => date('day', { mode: 'string' }).notNull();
const amount = (name: string) => bigint(name, { mode: 'number' }).notNull();
const bucket = () => text('payment_bucket').notNull();
const bucketCheck = (table: string) => check(`${table}_payment_bucket_check`, sql.raw(`payment_bucket IN ('refunded', 'failed', 'other')`));

/** The closed days whose rollup rows are built (a day without sales has a row here and none below). */
export const salesRollupDays = pgTable('sales_rollup_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  builtAt: ts('built_at').notNull().defaultNow(),
});

/**
 * Days to rebuild: a row per change (insert-only and without a key, so concurrent marks never wait on
 * each other); read and emptied whole by the next rebuild.
 */
export const salesRollupDirty = pgTable('sales_rollup_dirty', { day: day() });

/** Orders of a day by outlet, payment method, channel and payment bucket. */
export const salesDailyOrders = pgTable(
  'sales_daily_orders',
  {
    day: day(),
    outletId: uuid('outlet_id'),
    paymentMethod: text('payment_method').notNull(),
    /** The orders' channel (web, phone, whatsapp, walk_in); days built before it existed were all web. */
    channel: text('channel').notNull().default('web'),
    paymentBucket: bucket(),
    orders: integer('orders').notNull(),
    units: amount('units'),
    revenue: amount('revenue'),
    itemSales: amount('item_sales'),
    deliveryFees: amount('delivery_fees'),
    discounts: amount('discounts'),
  },
  (t) => [index('sales_daily_orders_day_idx').on(t.day), bucketCheck('sales_daily_orders')],
);

/** Order lines of a day by product and payment bucket; `product_name` is the greatest name ordered under. */
export const salesDailyProducts = pgTable(
  'sales_daily_products',
  {
    day: day(),
    productId: uuid('product_id').notNull(),
    paymentBucket: bucket(),
    productName: text('product_name').notNull(),
    orders: integer('orders').notNull(),
    units: amount('units'),
    revenue: amount('revenue'),
  },
  (t) => [
    index('sales_daily_products_day_idx').on(t.day),
    // Which days to mark when a product changes category.
    index('sales_daily_products_product_idx').on(t.productId),
    bucketCheck('sales_daily_products'),
  ],
);

/**
 * Order lines of a day by the product's category when built: an order counts once per category, which
 * per-product rows cannot give, so a product's category change marks the days it sold on.
 */
export const salesDailyCategories = pgTable(
  'sales_daily_categories',
  {
    day: day(),
    categoryId: uuid('category_id'),
    paymentBucket: bucket(),
    orders: integer('orders').notNull(),
    units: amount('units'),
    revenue: amount('revenue'),
  },
  (t) => [index('sales_daily_categories_day_idx').on(t.day), bucketCheck('sales_daily_categories')],
);
