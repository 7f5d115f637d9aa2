/** People: customer profiles, riders, outlet employees and their roles, saved addresses. */
import { RIDER_APPROVALS, RIDER_STATUSES, VEHICLE_TYPES } from '@meatshop/shared/status';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, doublePrecision, index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, id, oneOf, ts, updatedAt } from './columns.ts';
import { outlets } from './outlets.ts';

/**
 * Back-office roles (Owner, Dispatcher, … and the owner's own). A built-in role's permissions are
 * defined in code (`@meatshop/shared/staff-permissions`) and its `permissions` here stay null; a
 * custom role's are stored. Not the outlet employees' job titles (`employee_roles`).
 */
export const staffRoles = pgTable('staff_roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  builtIn: boolean('built_in').notNull().default(false),
  permissions: text('permissions').array(),
  /** Its members must use an authenticator app when the shop requires it (STAFF_2FA_REQUIRED). */
  twoFactor: boolean('two_factor').notNull().default(false),
  createdAt: createdAt(),
});

/** The customer / staff profile; id equals the auth user id. */
export const users = pgTable('users', {
  id: text('id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  email: text('email').notNull().unique(),
  fullName: text('full_name').notNull(),
  phone: text('phone'),
  /** A back-office member; what they may do there comes from `staffRoleId`. */
  isAdmin: boolean('is_admin').notNull().default(false),
  staffRoleId: text('staff_role_id').references((): AnyPgColumn => staffRoles.id, { onDelete: 'restrict' }),
  smsOptOut: boolean('sms_opt_out').notNull().default(false),
  /** Set by staff: a blocked customer cannot place orders (the reason is for staff, not shown to them). */
  blockedAt: ts('blocked_at'),
  blockedReason: text('blocked_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What staff note about a customer ("gate code 4411"): kept, never edited, shown newest first. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who wrote it, by name as it was then: the author's account may be gone later. */
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_notes_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

export const deliveryRiders = pgTable(
  'delivery_riders',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    vehicleType: text('vehicle_type').notNull().default('motorcycle'),
    status: text('status').notNull().default('offline'),
    isActive: boolean('is_active').notNull().default(true),
    /** A self-registered rider waits here until an admin approves them; only an approved rider can be active. */
    approval: text('approval').notNull().default('approved'),
    rating: doublePrecision('rating').notNull().default(0),
    totalDeliveries: integer('total_deliveries').notNull().default(0),
    /** Last position the rider app sent while online (dispatch suggestions); cleared on going offline. */
    lastLatitude: doublePrecision('last_latitude'),
    lastLongitude: doublePrecision('last_longitude'),
    lastLocatedAt: ts('last_located_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('delivery_riders_vehicle_type_check', oneOf('vehicle_type', VEHICLE_TYPES)),
    check('delivery_riders_status_check', oneOf('status', RIDER_STATUSES)),
    check('delivery_riders_approval_check', oneOf('approval', RIDER_APPROVALS)),
    check('delivery_riders_active_approved_check', sql`NOT ${t.isActive} OR ${t.approval} = 'approved'`),
    check('delivery_riders_rating_check', sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
    check('delivery_riders_total_deliveries_check', sql`${t.totalDeliveries} >= 0`),
    index('delivery_riders_active_status_idx').on(t.isActive, t.status),
    index('delivery_riders_created_at_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

export const employeeRoles = pgTable('employee_roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const outletEmployees = pgTable(
  'outlet_employees',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => employeeRoles.id, { onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(true),
    /** Who switched an inactive employee off: a manager may not switch back on someone an admin switched off. */
    deactivatedBy: text('deactivated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('outlet_employees_deactivated_by_check', sql`${t.deactivatedBy} IS NULL OR ${t.deactivatedBy} IN ('admin', 'manager')`),
    index('outlet_employees_outlet_idx').on(t.outletId),
    index('outlet_employees_created_at_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_addresses_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    check('saved_addresses_lat_check', sql`${t.lat} BETWEEN -90 AND 90 AND ${t.lng} BETWEEN -180 AND 180`),
  ],
);
