/**
 * Changing an order before it is packed: its lines (add, remove, change quantities) and its
 * delivery time. Staff may while it is pending or with a rider who has not picked it up; the
 * customer only while it is pending. Every edit is kept, with the order before and after.
 */
import { z } from 'zod';
import { CART_LINE_MAX_QTY } from './constants.ts';
import { DeliverySlotChoice } from './delivery-slots.ts';
import { CART_MAX_LINES, CheckoutItem } from './orders.ts';

export const ORDER_EDIT_MESSAGES = {
  packed: 'This order is already packed or on its way: it can no longer be changed.',
  butcherLines:
    'This order has lines with a cut or a note for the butcher; its lines cannot be changed here. Cancel it and order again, or call the shop.',
  weighedLines:
    'This order has lines sold by weight; they are weighed and priced at packing and cannot be changed here. Cancel it and order again, or call the shop.',
  nearDateLines:
    'This order has near-date offers ("Best before" lines) taken from particular batches at that day\'s price; its lines cannot be changed here. Cancel it and order again, or call the shop.',
  customerNotPending: 'This order can no longer be changed. Please call us if something is wrong.',
  paid: 'This order is paid: it can be made cheaper (the difference is refunded) but not dearer yet. Place a second order for the extra items.',
  belowRefunded: 'The new total would be less than what was already refunded on this order.',
  nothing: 'Nothing was changed.',
  tradeLines:
    "A trade order's lines are priced from the business's price list and cannot be changed here. Place a second order, or call us.",
} as const;

export const OrderEditInput = z.object({
  /** The whole new list of lines; a product left out is removed. */
  items: z
    // Product and quantity only: lines with a cut or a note are not edited (editOrder refuses them).
    // A household's cap: a trade order's lines are not edited here (editOrder refuses them).
    .array(
      CheckoutItem.pick({ productId: true }).extend({
        quantity: z
          .number()
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(CART_LINE_MAX_QTY, `Quantity cannot be more than ${CART_LINE_MAX_QTY}`),
      }),
    )
    .min(1, 'An order needs at least one product. Cancel it instead.')
    .max(CART_MAX_LINES, 'Too many items in one order')
    .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, 'Each product may appear only once'),
  /** A new delivery time; the current one is kept when absent. */
  deliverySlot: DeliverySlotChoice.optional(),
});
export type OrderEditInput = z.infer<typeof OrderEditInput>;

const Snapshot = z.object({
  lines: z.array(z.object({ productId: z.string(), productName: z.string(), quantity: z.number(), price: z.number() })),
  subtotal: z.number(),
  discount: z.number(),
  deliveryFee: z.number(),
  total: z.number(),
  deliveryAsap: z.boolean(),
  deliverySlotStart: z.string().nullable(),
});

export const OrderEditView = z.object({
  id: z.string(),
  editorRole: z.enum(['admin', 'customer']),
  editorName: z.string(),
  before: Snapshot,
  after: Snapshot,
  /** New total minus old: negative when the order got cheaper. */
  amountDifference: z.number(),
  /** A paid order made cheaper: the refund of the difference and how it goes back. */
  refund: z.object({ id: z.string(), amount: z.number(), method: z.string() }).nullable(),
  /**
   * A paid order made dearer: the balance the customer was asked to pay, and where it stands now
   * (due, paid online, collected by the rider in cash, or cancelled by a later edit).
   */
  balance: z
    .object({ id: z.string(), amount: z.number(), state: z.enum(['due', 'paid', 'collected', 'cancelled']), cancelledAmount: z.number() })
    .nullable()
    .default(null),
  /** How much of a balance still unpaid this edit cancelled (before refunding anything, or carried into its new balance). */
  balanceCancelled: z.number().default(0),
  createdAt: z.string(),
});
export type OrderEditView = z.infer<typeof OrderEditView>;
export const OrderEditList = z.object({ edits: z.array(OrderEditView) });
export type OrderEditList = z.infer<typeof OrderEditList>;
