/** Admin notifications, newsletter subscriptions, web-push subscriptions and shop settings. */
import { NOTIFICATION_TYPES, SUBSCRIPTION_TYPES } from '@meatshop/shared/status';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, id, oneOf, ts, updatedAt } from './columns.ts';
import { orders } from './orders.ts';

export const adminNotifications = pgTable(
  'admin_notifications',
  {
    id: id(),
    message: text('message').notNull(),
    type: text('type').notNull().default('other'),
    read: boolean('read').notNull().default(false),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('admin_notifications_type_check', oneOf('type', NOTIFICATION_TYPES)),
    index('admin_notifications_read_created_idx').on(t.read, t.createdAt.desc().nullsFirst()),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    email: text('email').notNull().unique(),
    type: text('type').notNull().default('default'),
    createdAt: createdAt(),
  },
  (t) => [
    check('subscriptions_type_check', oneOf('type', SUBSCRIPTION_TYPES)),
    index('subscriptions_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Which server instance sends the pushes of one bus event: every instance hears every event, and
 * the one whose insert wins sends (so a customer gets one notification, not one per instance).
 */
export const pushClaims = pgTable('push_claims', {
  eventId: text('event_id').primaryKey(),
  createdAt: createdAt(),
});

/** Key/value settings the shop keeps in its database (VAPID keys, auth secret, shop settings). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Fixed-window counters for abuse limits, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull().defaultNow(),
  count: integer('count').notNull().default(0),
});
