/** The kept record of every edit of an order (the order row holds only its current figures). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { orderBalances, orders } from './orders.ts';
import { refunds } from './refunds.ts';

/** One line of an order as an edit saw it, before or after. */
export interface EditedOrderLine {
  productId: string;
  productName: string;
  quantity: number;
  price: number;
}

/** An order's figures as an edit saw them, before or after. */
export interface OrderEditSnapshot {
  lines: EditedOrderLine[];
  subtotal: number;
  discount: number;
  deliveryFee: number;
  total: number;
  deliveryAsap: boolean;
  deliverySlotStart: string | null;
}

/**
 * Every change to an order's lines or delivery time, kept: who changed it, what it was and became,
 * and the difference in its total. The order row holds the current figures; these rows are how they
 * got there (never an overwrite without a record).
 */
export const orderEdits = pgTable(
  'order_edits',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** admin or customer. */
    editorRole: text('editor_role').notNull(),
    editedBy: text('edited_by').references(() => users.id, { onDelete: 'set null' }),
    /** As it was then, so the record still reads right after the account is gone. */
    editorName: text('editor_name').notNull(),
    before: jsonb('before').$type<OrderEditSnapshot>().notNull(),
    after: jsonb('after').$type<OrderEditSnapshot>().notNull(),
    /** after.total - before.total. */
    amountDifference: integer('amount_difference').notNull(),
    /** A paid order made cheaper: the refund of the difference (refunds.reason `order_edited`). */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    /** A paid order made dearer: the balance it asked the customer to pay. */
    balanceId: uuid('balance_id').references(() => orderBalances.id, { onDelete: 'set null' }),
    /** A paid order made cheaper while a balance was unpaid: how much of that balance it cancelled first. */
    balanceCancelled: integer('balance_cancelled').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_edits_editor_role_check', sql`${t.editorRole} IN ('admin', 'customer')`),
    index('order_edits_order_idx').on(t.orderId, t.createdAt),
  ],
);
