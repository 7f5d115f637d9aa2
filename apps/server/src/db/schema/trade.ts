/** Trade accounts: businesses that buy on their own terms, their tiers, members and invitations. */
import { TRADE_ROLES, TRADE_STATUSES, WEEKLY_VOLUMES } from '@meatshop/shared/trade';
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { users } from './accounts.ts';
import { createdAt, id, oneOf, ts, updatedAt } from './columns.ts';

/** A group of trade accounts that share a price list ("Restaurant", "Retailer"). */
export const tradeTiers = pgTable('trade_tiers', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const tradeAccounts = pgTable(
  'trade_accounts',
  {
    id: id(),
    businessName: text('business_name').notNull(),
    tin: text('tin').notNull(),
    /** The address as the map picker named it, and its point (as a saved delivery address keeps them). */
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    weeklyVolume: text('weekly_volume').notNull(),
    status: text('status').notNull().default('applied'),
    /** Told to the business when declined or suspended; kept when it is approved again. */
    declineReason: text('decline_reason'),
    tierId: text('tier_id').references(() => tradeTiers.id, { onDelete: 'restrict' }),
    /** Who applied; they become the owner member at once, so they see the status. */
    appliedBy: text('applied_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: ts('decided_at'),
    /** Pay on account: days from an invoice's issue to its due date (7, 14 or 30); null: no terms. */
    termsDays: integer('terms_days'),
    /** What the business may owe at once on account (UGX); set together with the terms. */
    creditLimit: integer('credit_limit'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('trade_accounts_status_check', oneOf('status', TRADE_STATUSES)),
    check('trade_accounts_weekly_volume_check', oneOf('weekly_volume', WEEKLY_VOLUMES)),
    check('trade_accounts_lat_check', sql`${t.lat} BETWEEN -90 AND 90 AND ${t.lng} BETWEEN -180 AND 180`),
    // An approved account always has a tier: the price lists of slice two hang on it.
    check('trade_accounts_approved_tier_check', sql`${t.status} <> 'approved' OR ${t.tierId} IS NOT NULL`),
    check('trade_accounts_terms_check', sql`${t.termsDays} IS NULL OR ${t.termsDays} IN (7, 14, 30)`),
    check(
      'trade_accounts_credit_check',
      sql`(${t.termsDays} IS NULL) = (${t.creditLimit} IS NULL) AND (${t.creditLimit} IS NULL OR ${t.creditLimit} > 0)`,
    ),
    index('trade_accounts_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

/** A person's place in a business. One business per person, so every order has one account to carry. */
export const tradeMembers = pgTable(
  'trade_members',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** A buyer's orders above this total (UGX) need an approver; null: no limit. */
    approvalLimit: integer('approval_limit'),
    createdAt: createdAt(),
  },
  (t) => [
    check('trade_members_role_check', oneOf('role', TRADE_ROLES)),
    check('trade_members_limit_check', sql`${t.approvalLimit} IS NULL OR ${t.approvalLimit} > 0`),
    index('trade_members_account_idx').on(t.accountId),
    // Exactly one owner per business.
    uniqueIndex('trade_members_one_owner_idx').on(t.accountId).where(sql`${t.role} = 'owner'`),
  ],
);

/** An emailed invitation; only the hash of its link's token is kept, so the table does not hold keys. */
export const tradeInvitations = pgTable(
  'trade_invitations',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    approvalLimit: integer('approval_limit'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('trade_invitations_role_check', sql`${t.role} IN ('buyer', 'approver')`),
    uniqueIndex('trade_invitations_account_email_idx').on(t.accountId, t.email),
  ],
);

/**
 * Price lists: a line prices one product for a tier or for one account (exactly one of the two), as
 * a fixed price or a percentage off retail, on Kampala days from/to, with the least a member may
 * order and the case size. The resolver (`@meatshop/shared/trade-prices`) picks among them.
 */
export const tradePrices = pgTable(
  'trade_prices',
  {
    id: id(),
    tierId: text('tier_id').references(() => tradeTiers.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => tradeAccounts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fixedPrice: integer('fixed_price'),
    percentOff: integer('percent_off'),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    minQuantity: integer('min_quantity').notNull().default(1),
    caseSize: integer('case_size').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('trade_prices_owner_check', sql`(${t.tierId} IS NULL) <> (${t.accountId} IS NULL)`),
    check('trade_prices_price_check', sql`(${t.fixedPrice} IS NULL) <> (${t.percentOff} IS NULL)`),
    check('trade_prices_fixed_check', sql`${t.fixedPrice} IS NULL OR ${t.fixedPrice} > 0`),
    check('trade_prices_percent_check', sql`${t.percentOff} IS NULL OR ${t.percentOff} BETWEEN 1 AND 90`),
    check('trade_prices_dates_check', sql`${t.validFrom} IS NULL OR ${t.validTo} IS NULL OR ${t.validFrom} <= ${t.validTo}`),
    check('trade_prices_quantity_check', sql`${t.minQuantity} >= 1 AND ${t.caseSize} >= 1`),
    // A member's lines for a page of products: by tier or by account, then product.
    index('trade_prices_tier_idx').on(t.tierId, t.productId).where(sql`${t.tierId} IS NOT NULL`),
    index('trade_prices_account_idx').on(t.accountId, t.productId).where(sql`${t.accountId} IS NOT NULL`),
  ],
);
