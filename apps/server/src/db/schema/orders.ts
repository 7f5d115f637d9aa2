/** Orders, their items, coupons and payment attempts. */
import { ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '@meatshop/shared/status';
import type { ChosenOption } from '@meatshop/shared/product-options';
import { SHORT_OUTCOMES, SUBSTITUTION_PREFERENCES } from '@meatshop/shared/substitutions';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { deliveryRiders, users } from './accounts.ts';
import { products } from './catalog.ts';
import { createdAt, id, oneOf, ts, updatedAt } from './columns.ts';
import { outlets } from './outlets.ts';
import { tradeAccounts } from './trade.ts';

export interface ShippingAddress {
  full_name: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  /** The address as the map picker showed it (kept in the JSON; older rows may lack it). */
  formatted_address?: string;
}

export const coupons = pgTable(
  'coupons',
  {
    /** Stored upper-case; the server upper-cases what the customer types. */
    code: text('code').primaryKey(),
    percent: integer('percent').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    expiresAt: ts('expires_at'),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('coupons_percent_check', sql`${t.percent} BETWEEN 1 AND 100`),
    check('coupons_code_upper_check', sql`${t.code} = upper(${t.code})`),
    check('coupons_usage_check', sql`${t.usedCount} >= 0 AND (${t.usageLimit} IS NULL OR ${t.usageLimit} >= 0)`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    outletId: uuid('outlet_id').references(() => outlets.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    paymentMethod: text('payment_method').notNull().default('cash_on_delivery'),
    subtotalAmount: integer('subtotal_amount').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    totalAmount: integer('total_amount').notNull(),
    /** Null when there is no discount. */
    discountAmount: integer('discount_amount'),
    couponCode: text('coupon_code'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    deliveryLatitude: doublePrecision('delivery_latitude').notNull(),
    deliveryLongitude: doublePrecision('delivery_longitude').notNull(),
    deliveryInstructions: text('delivery_instructions'),
    deliveryPhotoUrl: text('delivery_photo_url'),
    mobileMoneyPhone: text('mobile_money_phone'),
    riderId: text('rider_id').references(() => deliveryRiders.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    /** Delivery time: "as soon as possible", or a slot [start, end). */
    deliveryAsap: boolean('delivery_asap').notNull().default(false),
    deliverySlotStart: ts('delivery_slot_start'),
    deliverySlotEnd: ts('delivery_slot_end'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    assignedAt: ts('assigned_at'),
    readyAt: ts('ready_at'),
    pickedUpAt: ts('picked_up_at'),
    deliveredAt: ts('delivered_at'),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /**
     * When a cancelled order's goods were back on the shelf (stock returned): at the cancel itself
     * before pickup, when the outlet confirms their return after it; null while the rider holds them.
     */
    goodsReturnedAt: ts('goods_returned_at'),
    /** Where the order came in (ORDER_CHANNELS); every order placed before staff could take one is `web`. */
    channel: text('channel').notNull().default('web'),
    /** The staff member who took a phone, WhatsApp or walk-in order; null for web orders. */
    takenBy: text('taken_by').references(() => users.id, { onDelete: 'set null' }),
    /** Their name as it was then, so the order still says who took it after their account is gone. */
    takenByName: text('taken_by_name'),
    /**
     * A paid order made dearer: what is still to pay of its balances (`order_balances` in state
     * `due`, less what later edits cancelled). The current figure, kept with those rows in the same
     * transaction, like total_amount with order_edits; zero once paid, collected or cancelled.
     */
    balanceDue: integer('balance_due').notNull().default(0),
    /** The business an order was placed for: set when a member of an approved trade account orders. */
    tradeAccountId: uuid('trade_account_id').references(() => tradeAccounts.id, { onDelete: 'restrict' }),
    /**
     * Who decided on an order held for approval (a buyer's order over their limit), and when: the
     * business's owner or approver who approved or declined it. Null for an order never held, and for
     * one that expired undecided (its cancel reason says so). The name is kept as it was then.
     */
    approvalBy: text('approval_by').references(() => users.id, { onDelete: 'set null' }),
    approvalByName: text('approval_by_name'),
    approvalAt: ts('approval_at'),
  },
  (t) => [
    check('orders_status_check', oneOf('status', ORDER_STATUSES)),
    check('orders_payment_status_check', oneOf('payment_status', PAYMENT_STATUSES)),
    check('orders_payment_method_check', oneOf('payment_method', PAYMENT_METHODS)),
    check('orders_channel_check', oneOf('channel', ORDER_CHANNELS)),
    check('orders_balance_due_check', sql`${t.balanceDue} >= 0`),
    check(
      'orders_amounts_check',
      sql`${t.subtotalAmount} >= 0 AND ${t.deliveryFee} >= 0 AND ${t.totalAmount} >= 0 AND (${t.discountAmount} IS NULL OR ${t.discountAmount} > 0)`,
    ),
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('orders_rider_status_idx').on(t.riderId, t.status),
    index('orders_outlet_created_idx').on(t.outletId, t.createdAt.desc().nullsFirst()),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('orders_rider_delivered_idx').on(t.riderId, t.deliveredAt),
    // The dashboard's failed-payments alert for the week.
    index('orders_payment_status_created_idx').on(t.paymentStatus, t.createdAt),
    // A business's orders, newest first, for its members.
    index('orders_trade_account_created_idx')
      .on(t.tradeAccountId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.tradeAccountId} IS NOT NULL`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The product's name when ordered, so history reads right after a rename. */
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit price charged: the discount price if present, else the price, plus the picked options' changes. */
    price: integer('price').notNull(),
    /** The options picked, with their labels and price changes as they were when ordered. */
    options: jsonb('options').$type<ChosenOption[]>().notNull().default(sql`'[]'::jsonb`),
    /** The customer's note for the butcher ("3 cm pieces"). */
    note: text('note'),
    /** What the customer asked us to do if this is short at packing (SUBSTITUTION_PREFERENCES). */
    substitutionPreference: text('substitution_preference').notNull().default('best_match'),
    /** Their specific alternative, with its name as it was then. */
    alternativeProductId: uuid('alternative_product_id').references(() => products.id, { onDelete: 'set null' }),
    alternativeName: text('alternative_name'),
    /** Units the packer could not find; null when packed as ordered. */
    shortQuantity: integer('short_quantity'),
    /** What was done with the short units (SHORT_OUTCOMES); null while unresolved. */
    shortOutcome: text('short_outcome'),
    /** The product packed in their place (short_quantity of them), its name and unit price then. */
    substituteProductId: uuid('substitute_product_id').references(() => products.id, { onDelete: 'restrict' }),
    substituteName: text('substitute_name'),
    substitutePrice: integer('substitute_price'),
    substitutedAt: ts('substituted_at'),
    /** Until when the customer may refuse it (SUBSTITUTE_REFUSE_MINUTES after, and never after pickup). */
    refusableUntil: ts('refusable_until'),
    /** The customer refused the substitute: it went back on the shelf and the short units cost nothing. */
    substituteRefusedAt: ts('substitute_refused_at'),
    /**
     * A weighed line (product sold by weight): its per-kg price with the options' per-kg changes, and
     * the grams of one pack; `price` is then one pack's estimate and `price × quantity` the line's.
     * Null on a line sold by the unit.
     */
    pricePerKg: integer('price_per_kg'),
    gramsPerPack: integer('grams_per_pack'),
    /** Sold as whole pieces of about `grams_per_pack` (a chicken). */
    pieces: boolean('pieces').notNull().default(false),
    /** The product's tolerance when ordered: outside it the packer must confirm the weight. */
    tolerancePercent: integer('tolerance_percent'),
    /** What the packer weighed for the whole line, and the price of that weight before the cap. */
    weighedGrams: integer('weighed_grams'),
    weighedPrice: integer('weighed_price'),
    weighedAt: ts('weighed_at'),
    /**
     * The line's total as packed, whole UGX; null means as ordered (price × quantity). Never above
     * price × quantity: the customer never pays more than the estimate agreed at checkout.
     */
    finalPrice: integer('final_price'),
    /**
     * A near-date line: the use-by date of the batches it was taken from, the category's percent off
     * that day and the unit price before it (`price` is the marked-down one). Null on a regular line.
     */
    markdownUseBy: date('markdown_use_by', { mode: 'string' }),
    markdownPercent: integer('markdown_percent'),
    regularPrice: integer('regular_price'),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_price_check', sql`${t.price} >= 0`),
    check('order_items_substitution_preference_check', oneOf('substitution_preference', SUBSTITUTION_PREFERENCES)),
    check(
      'order_items_short_outcome_check',
      sql`${t.shortOutcome} IS NULL OR ${t.shortOutcome} IN (${sql.raw(SHORT_OUTCOMES.map((o) => `'${o}'`).join(', '))})`,
    ),
    check('order_items_short_quantity_check', sql`${t.shortQuantity} IS NULL OR ${t.shortQuantity} BETWEEN 1 AND ${t.quantity}`),
    check('order_items_final_price_check', sql`${t.finalPrice} IS NULL OR ${t.finalPrice} BETWEEN 0 AND ${t.price} * ${t.quantity}`),
    check('order_items_weighed_check', sql`${t.weighedGrams} IS NULL OR ${t.weighedGrams} > 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/**
 * Each customer's last substitution choice per product, so the next checkout starts from it. The
 * row with the newest `updated_at` is also their default for a product they never chose for.
 */
export const substitutionChoices = pgTable(
  'substitution_choices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    preference: text('preference').notNull(),
    alternativeProductId: uuid('alternative_product_id').references(() => products.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('substitution_choices_preference_check', oneOf('preference', SUBSTITUTION_PREFERENCES)),
    index('substitution_choices_user_updated_idx').on(t.userId, t.updatedAt),
  ],
);

export const ORDER_BALANCE_STATES = ['due', 'paid', 'collected', 'cancelled'] as const;

/**
 * The difference a paid order was made dearer by: asked of the customer as its own payment. Never
 * overwritten: `amount` is what the edit asked; a later edit that lowers the total cancels part or
 * all of what is still due (`cancelled_amount`), before any refund. Paid online (`payment_id`), or
 * collected in cash by the rider when it was still due at delivery.
 */
export const orderBalances = pgTable(
  'order_balances',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    cancelledAmount: integer('cancelled_amount').notNull().default(0),
    state: text('state').notNull().default('due'),
    /** The attempt that paid it (payments.balance_id points back); no foreign key, the tables point at each other. */
    paymentId: uuid('payment_id'),
    settledAt: ts('settled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_balances_state_check', oneOf('state', ORDER_BALANCE_STATES)),
    check('order_balances_amount_check', sql`${t.amount} > 0 AND ${t.cancelledAmount} BETWEEN 0 AND ${t.amount}`),
    index('order_balances_order_idx').on(t.orderId, t.createdAt),
  ],
);

export const PAYMENT_ATTEMPT_STATUSES = ['pending', 'completed', 'failed', 'reversed', 'invalid'] as const;

/** One row per payment attempt, with every answer the provider gave. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    orderTrackingId: text('order_tracking_id').unique(),
    merchantReference: text('merchant_reference').notNull(),
    amount: integer('amount').notNull(),
    /** An attempt to pay a balance (order_balances) rather than the order: checked against that balance. */
    balanceId: uuid('balance_id').references(() => orderBalances.id, { onDelete: 'set null' }),
    currency: text('currency').notNull().default('UGX'),
    status: text('status').notNull().default('pending'),
    statusDescription: text('status_description'),
    providerResponses: jsonb('provider_responses').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    /** When we first recorded it completed: the day the payments report counts it paid (updated_at moves on every answer). */
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_status_check', oneOf('status', PAYMENT_ATTEMPT_STATUSES)),
    check('payments_amount_check', sql`${t.amount} >= 0`),
    index('payments_order_idx').on(t.orderId),
    index('payments_status_idx').on(t.status, t.createdAt),
    index('payments_completed_idx').on(t.completedAt),
  ],
);

/**
 * A link that lets the customer of an order taken by staff pay it without signing in (they may have
 * no password at all): sent by SMS, unguessable (the token is 24 random bytes), and good only until
 * the order's payment window closes.
 */
export const orderPayLinks = pgTable(
  'order_pay_links',
  {
    token: text('token').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    /** A link for a balance (a paid order made dearer): the page asks just that amount. */
    balanceId: uuid('balance_id').references(() => orderBalances.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_pay_links_order_idx').on(t.orderId)],
);
