/** Delivery operations: slot bookings, riders' cash hand-overs and customer messages. */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deliveryRiders, users } from './accounts.ts';
import { createdAt, id, oneOf, ts, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { outlets } from './outlets.ts';
import { refunds } from './refunds.ts';

/**
 * How many orders hold a place in each delivery slot. Booking is one conditional upsert
 * (`booked < capacity`), so two customers racing for the last place cannot both get it.
 */
export const deliverySlotBookings = pgTable(
  'delivery_slot_bookings',
  {
    slotStart: ts('slot_start').primaryKey(),
    booked: integer('booked').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('delivery_slot_bookings_booked_check', sql`${t.booked} >= 0`)],
);

/** Cash a rider handed over to an outlet employee or an admin. */
export const cashHandovers = pgTable(
  'cash_handovers',
  {
    id: id(),
    riderId: text('rider_id')
      .notNull()
      .references(() => deliveryRiders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** The Kampala day (the rider's shift) the cash was collected on. */
    shiftDate: date('shift_date', { mode: 'string' }).notNull(),
    receivedById: text('received_by_id').references(() => users.id, { onDelete: 'set null' }),
    receivedByName: text('received_by_name').notNull(),
    outletId: uuid('outlet_id').references(() => outlets.id, { onDelete: 'set null' }),
    note: text('note'),
    /**
     * A wrong hand-over is never edited or deleted: a reversing entry (the same amount, negative, on
     * the same shift) points at it and says why. At most one reversal per entry.
     */
    reversesId: uuid('reverses_id').references((): AnyPgColumn => cashHandovers.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'cash_handovers_amount_check',
      sql`(${t.reversesId} IS NULL AND ${t.amount} > 0) OR (${t.reversesId} IS NOT NULL AND ${t.amount} < 0 AND ${t.reason} IS NOT NULL)`,
    ),
    index('cash_handovers_rider_shift_idx').on(t.riderId, t.shiftDate),
    uniqueIndex('cash_handovers_reverses_idx').on(t.reversesId),
  ],
);

export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;

/**
 * Customer messages: written in the transaction that changes the order, sent by a
 * worker afterwards. The unique (order, event, channel) key means an event published twice still
 * sends one message.
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The refund a refund message is about: an order may have several, each told once. */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    /** Which provider sent it (outbox, smtp, africastalking). */
    provider: text('provider'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** A claimed row is the claimant's until then; after a crash another instance takes it over. */
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('customer_messages_channel_check', oneOf('channel', MESSAGE_CHANNELS)),
    check('customer_messages_status_check', oneOf('status', MESSAGE_STATUSES)),
    // One message per order event and channel; a refund's messages are one per refund instead.
    uniqueIndex('customer_messages_event_idx').on(t.orderId, t.event, t.channel).where(sql`${t.refundId} IS NULL`),
    uniqueIndex('customer_messages_refund_event_idx').on(t.refundId, t.event, t.channel).where(sql`${t.refundId} IS NOT NULL`),
    index('customer_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('customer_messages_created_idx').on(t.createdAt.desc()),
  ],
);
