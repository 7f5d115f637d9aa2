/**
 * Refunds: money given back on an order, in full or in part. A refund goes to the payer the way
 * they paid (mobile money and card through the payment provider, cash at an outlet), and never
 * takes more than was paid in total.
 */
import { z } from 'zod';
import type { Tone } from './status.ts';

/**
 * `order_edited`: a paid order edited to a lower total; `order_weighed`: packed for less than the
 * estimate (weighed under it, or a short line substituted for less or refunded). In both the difference goes back and the total went down (never chosen by hand).
 */
export const REFUND_REASONS = [
  'missing_item',
  'damaged_item',
  'goodwill',
  'order_cancelled',
  'order_edited',
  'order_weighed',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** How the money goes back. `cash`: lowered from what the rider collects, or paid back at an outlet. */
export const REFUND_METHODS = ['mobile_money', 'card', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * requested: recorded, not yet with the provider (or cash not yet paid back). sent: the provider
 * accepted it, it is not effected until it says so. completed: the money is back. failed: refused.
 */
export const REFUND_STATES = ['requested', 'sent', 'completed', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const REFUND_REASON_LABEL: Record<RefundReason, string> = {
  missing_item: 'Missing item',
  damaged_item: 'Damaged item',
  goodwill: 'Goodwill',
  order_cancelled: 'Order cancelled',
  order_edited: 'Order changed',
  order_weighed: 'Packed for less',
  other: 'Other',
};

export const REFUND_STATE_LABEL: Record<RefundState, string> = {
  requested: 'Requested',
  sent: 'Processing',
  completed: 'Refunded',
  failed: 'Failed',
};

export const AdminRefundInput = z
  .object({
    amount: z
      .number({ message: 'Enter an amount in UGX' })
      .int('Whole shillings only')
      .positive('The amount must be more than 0')
      .max(100_000_000, 'That amount is too large'),
    reason: z.enum(REFUND_REASONS, { message: 'Choose a reason' }),
    note: z.string().trim().max(500, 'At most 500 characters').optional(),
    /** Pay a mobile-money or card order back in cash at an outlet instead of through the provider. */
    cashAtOutlet: z.boolean().optional(),
  })
  .refine((v) => v.reason !== 'other' || !!v.note, { message: 'Say why in the note', path: ['note'] });
export type AdminRefundInput = z.infer<typeof AdminRefundInput>;

/** The outlet that paid a cash refund back over the counter. */
export const CashRefundPaidInput = z.object({ outletId: z.uuid('Choose an outlet') });
export type CashRefundPaidInput = z.infer<typeof CashRefundPaidInput>;

/** What the customer sees of a refund on their order. */
export const OrderRefund = z.object({
  id: z.string(),
  amount: z.number().int(),
  state: z.enum(REFUND_STATES),
  method: z.enum(REFUND_METHODS),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

export const AdminRefund = OrderRefund.extend({
  orderId: z.string(),
  reason: z.enum(REFUND_REASONS),
  note: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedByName: z.string().nullable(),
  providerReference: z.string().nullable(),
  providerMessage: z.string().nullable(),
  outletId: z.string().nullable(),
  /** Cash taken off what the rider collects (a cash order refunded before delivery). */
  reducesCollection: z.boolean(),
  updatedAt: z.string(),
});
export type AdminRefund = z.infer<typeof AdminRefund>;

export const AdminOrderRefunds = z.object({
  orderId: z.string(),
  totalAmount: z.number().int(),
  /** Requested, sent and completed refunds: what is already promised back. */
  refunded: z.number().int(),
  refundable: z.number().int(),
  refunds: z.array(AdminRefund),
});
export type AdminOrderRefunds = z.infer<typeof AdminOrderRefunds>;

/** The reasons an admin picks; `order_cancelled` is the shop's own, when a paid order is cancelled. */
export const ADMIN_REFUND_REASONS = ['missing_item', 'damaged_item', 'goodwill', 'other'] as const satisfies readonly RefundReason[];

export const REFUND_METHOD_LABEL: Record<RefundMethod, string> = { mobile_money: 'Mobile money', card: 'Card', cash: 'Cash' };

export const REFUND_STATE_TONE: Record<RefundState, Tone> = { requested: 'warning', sent: 'info', completed: 'success', failed: 'danger' };

/**
 * Whether an order can take a refund now (the amount is checked by the server): a prepaid order
 * that was paid, or a cash order not cancelled (before delivery the rider collects less, after it
 * an outlet pays back).
 */
export function mayRefund(o: { status: string; paymentStatus: string; paymentMethod: string }): boolean {
  if (o.paymentMethod === 'cash_on_delivery') return o.status !== 'cancelled' && o.paymentStatus !== 'refunded';
  return o.paymentStatus === 'paid' || o.paymentStatus === 'partially_refunded';
}

/** What a person can do next on a refund: the back office's one button, and all the server accepts. */
export type RefundStep = 'send' | 'check' | 'cash_paid';

export function refundNextStep(r: { state: string; method: string; reducesCollection: boolean }): RefundStep | null {
  if (r.state === 'sent') return 'check';
  if (r.state !== 'requested' || r.reducesCollection) return null;
  // Requested: a provider refund that got no answer is sent again; cash waits for an outlet to pay it.
  return r.method === 'cash' ? 'cash_paid' : 'send';
}

/** A refund in the customer's words: how far it is and where the money goes. */
export function customerRefundState(r: Pick<OrderRefund, 'state' | 'method'>): { label: string; detail: string; tone: Tone } {
  const to = r.method === 'mobile_money' ? 'your mobile money' : r.method === 'card' ? 'your card' : null;
  switch (r.state) {
    case 'completed':
      return { label: 'Refunded', detail: to ? `Sent back to ${to}` : 'Paid back in cash', tone: 'success' };
    case 'sent':
      return { label: 'On its way', detail: `Being returned to ${to ?? 'you'}`, tone: 'info' };
    case 'requested':
      return to
        ? { label: 'Being processed', detail: `To be returned to ${to}`, tone: 'warning' }
        : { label: 'Ready to collect', detail: 'In cash at our outlet', tone: 'warning' };
    default:
      return { label: 'Being sorted out', detail: 'We will contact you', tone: 'neutral' };
  }
}
