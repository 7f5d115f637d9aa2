/**
 * The stock ledger: every change of an outlet's stock (orders, cancels, returns, deliveries, counts,
 * adjustments, transfers) is one row, so outlet_products.stock always equals the sum of its rows.
 * Stock at an outlet is held as batches (a lot from the factory with its dates); every ledger row
 * names the batch it moved, so a batch's live quantity is the sum of its rows too.
 */
import { BATCH_STATUSES, STOCK_MOVEMENT_KINDS } from '@meatshop/shared/inventory';
import { type AnyPgColumn, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { createdAt, id, oneOf, ts } from './columns.ts';
import { orders } from './orders.ts';
import { outlets } from './outlets.ts';

/**
 * One batch of a product at one outlet. `quantity` is units (grams for a weighed product) still on
 * the shelf: while `live` they are part of outlet_products.stock (which is the sum of its live
 * batches); once `expired` (past the sell-by cut-off) or `stopped` (a recall) they are out of
 * sellable stock and wait for disposal; `written_off` once disposed. A null lot number is the
 * "unknown batch": stock from before batches, and stock added without a lot (an adjustment up).
 */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: id(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    lotNumber: text('lot_number'),
    productionDate: date('production_date', { mode: 'string' }),
    useBy: date('use_by', { mode: 'string' }),
    quantity: integer('quantity').notNull().default(0),
    received: integer('received').notNull().default(0),
    status: text('status', { enum: BATCH_STATUSES }).notNull().default('live'),
    /** The sender's batch when this one arrived by a transfer: the lot's way between outlets. */
    sourceBatchId: uuid('source_batch_id').references((): AnyPgColumn => stockBatches.id, { onDelete: 'set null' }),
    removedAt: ts('removed_at'),
    writtenOff: integer('written_off'),
    writeOffReason: text('write_off_reason'),
    writtenOffAt: ts('written_off_at'),
    writtenOffBy: text('written_off_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('stock_batches_quantity_check', sql`${t.quantity} >= 0`),
    check('stock_batches_status_check', oneOf('status', BATCH_STATUSES)),
    index('stock_batches_outlet_product_idx').on(t.outletId, t.productId, t.status),
    index('stock_batches_lot_idx').on(t.productId, t.lotNumber),
    index('stock_batches_status_idx').on(t.status, t.useBy),
    uniqueIndex('stock_batches_one_unknown_idx').on(t.outletId, t.productId).where(sql`${t.lotNumber} IS NULL AND ${t.status} = 'live'`),
  ],
);

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
    /** The batch moved; null only on the history of the old company-wide figure (no outlet). */
    batchId: uuid('batch_id').references(() => stockBatches.id, { onDelete: 'set null' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('stock_movements_stock_after_check', sql`${t.stockAfter} >= 0`),
    index('stock_movements_product_created_idx').on(t.productId, t.createdAt.desc().nullsFirst()),
    check('stock_movements_kind_check', oneOf('kind', STOCK_MOVEMENT_KINDS)),
    index('stock_movements_outlet_product_idx').on(t.outletId, t.productId),
    index('stock_movements_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('stock_movements_batch_order_idx').on(t.batchId, t.orderId).where(sql`${t.batchId} is not null`),
    index('stock_movements_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A food-safety recall: which stock it is about (a product's lot, or its lots produced in a date
 * range), when its sale was stopped everywhere and when its customers were told. The customers'
 * messages are outbox rows of event `recall:<id>`, so who was reached is read from their status.
 */
export const recalls = pgTable(
  'recalls',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    lotNumber: text('lot_number'),
    producedFrom: date('produced_from', { mode: 'string' }),
    producedTo: date('produced_to', { mode: 'string' }),
    reason: text('reason').notNull(),
    stoppedAt: ts('stopped_at'),
    stoppedUnits: integer('stopped_units').notNull().default(0),
    notifiedAt: ts('notified_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('recalls_created_idx').on(t.createdAt.desc())],
);
