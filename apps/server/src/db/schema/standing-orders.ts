/**
 * Standing orders of trade accounts: the repeating order, a member's change or skip of one
 * occurrence, and one run row per (standing order, delivery date) that both claims the placement
 * (its unique key lets exactly one instance place it) and records what came of it.
 */
import { RUN_STATUSES, STANDING_ORDER_STATUSES, type ReducedLine, type StandingOrderLine } from '@meatshop/shared/standing-orders';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, oneOf, ts, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { tradeAccounts } from './trade.ts';

export const standingOrders = pgTable(
  'standing_orders',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'cascade' }),
    /** The member the orders are placed as (their limits, their name on the order). */
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Products and quantities; checked against the catalogue again at every placement. */
    lines: jsonb('lines').$type<StandingOrderLine[]>().notNull(),
    /** 0 = Sunday … 6 = Saturday. */
    weekdays: integer('weekdays').array().notNull(),
    /** The delivery slot's start on each day, "10:00" (Kampala). */
    slotStart: text('slot_start').notNull(),
    /** Text the placement validates, so methods added later need no migration here. */
    paymentMethod: text('payment_method').notNull().default('cash_on_delivery'),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('standing_orders_status_check', oneOf('status', STANDING_ORDER_STATUSES)),
    check('standing_orders_slot_check', sql`${t.slotStart} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('standing_orders_weekdays_check', sql`cardinality(${t.weekdays}) BETWEEN 1 AND 7`),
    index('standing_orders_account_idx').on(t.accountId),
  ],
);

/** One occurrence changed by a member before its cut-off: skipped, or other lines that day. */
export const standingOrderOverrides = pgTable(
  'standing_order_overrides',
  {
    standingOrderId: uuid('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    skipped: boolean('skipped').notNull().default(false),
    lines: jsonb('lines').$type<StandingOrderLine[]>(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.standingOrderId, t.deliveryDate] }),
    check('standing_order_overrides_kind_check', sql`${t.skipped} OR ${t.lines} IS NOT NULL`),
  ],
);

/** What the job did for one delivery date; the unique key is the claim. Never deleted on failure. */
export const standingOrderRuns = pgTable(
  'standing_order_runs',
  {
    id: id(),
    standingOrderId: uuid('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('placing'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    failure: text('failure'),
    /** Lines cut to what stock allowed (placed 0: dropped). */
    reduced: jsonb('reduced').$type<ReducedLine[]>().notNull().default([]),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    check('standing_order_runs_status_check', oneOf('status', RUN_STATUSES)),
    uniqueIndex('standing_order_runs_once_idx').on(t.standingOrderId, t.deliveryDate),
    index('standing_order_runs_created_idx').on(t.createdAt),
  ],
);
