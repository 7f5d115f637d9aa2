/**
 * One status vocabulary for every screen. The spec's screens disagree (Pending / pending / new /
 * Processing / fulfilled); we keep one lowercase set and one label and colour map.
 */

/**
 * `awaiting_approval`: a trade buyer's order over their buying limit, placed (priced, stock taken,
 * credit held) but waiting for the business's owner or an approver; nobody works on it until then.
 */
export const ORDER_STATUSES = ['awaiting_approval', 'pending', 'assigned', 'picked_up', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * `on_account`: a trade account's order that needs no payment at checkout; it is billed on an
 * invoice once delivered, and paid against the account's statement.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'partially_refunded', 'refunded', 'on_account'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** `on_account` is offered only to members of an approved trade account that has terms. */
export const PAYMENT_METHODS = ['mtn_money', 'airtel_money', 'card', 'cash_on_delivery', 'on_account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Where an order came in: the web shop, or taken by staff from a phone call, a WhatsApp chat or a
 * customer at the counter. Staff orders record who took them; reports split sales by it.
 */
export const ORDER_CHANNELS = ['web', 'phone', 'whatsapp', 'walk_in'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
/** The channels staff take an order on (the web shop takes its own). */
export const STAFF_ORDER_CHANNELS = ['phone', 'whatsapp', 'walk_in'] as const;
export type StaffOrderChannel = (typeof STAFF_ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_LABEL: Record<OrderChannel, string> = {
  web: 'Web',
  phone: 'Phone',
  whatsapp: 'WhatsApp',
  walk_in: 'Walk-in',
};

export const VEHICLE_TYPES = ['motorcycle', 'bicycle'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const RIDER_STATUSES = ['offline', 'online', 'delivering'] as const;
export type RiderStatus = (typeof RIDER_STATUSES)[number];

/**
 * Where a rider's application stands. A rider who signed up on their own waits for an admin before
 * they can go online, get orders or see any customer's details; riders an admin adds are approved.
 */
export const RIDER_APPROVALS = ['pending', 'approved', 'declined'] as const;
export type RiderApproval = (typeof RIDER_APPROVALS)[number];
export const RIDER_APPROVAL_LABEL: Record<RiderApproval, string> = { pending: 'Pending', approved: 'Approved', declined: 'Declined' };

export const NOTIFICATION_TYPES = ['error', 'warning', 'success', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const SUBSCRIPTION_TYPES = ['blogs', 'campaigns', 'default'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const EARNING_TYPES = ['delivery', 'bonus', 'tip'] as const;
export type EarningType = (typeof EARNING_TYPES)[number];

export type Tone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  pending: 'Pending',
  assigned: 'Rider Assigned',
  picked_up: 'Out for Delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const ORDER_STATUS_TONE: Record<OrderStatus, Tone> = {
  awaiting_approval: 'neutral',
  pending: 'warning',
  assigned: 'info',
  picked_up: 'info',
  delivered: 'success',
  cancelled: 'danger',
};

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  partially_refunded: 'Partially Refunded',
  refunded: 'Refunded',
  on_account: 'On account',
};

export const PAYMENT_STATUS_TONE: Record<PaymentStatus, Tone> = {
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  partially_refunded: 'neutral',
  refunded: 'neutral',
  on_account: 'info',
};

export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  mtn_money: 'MTN Mobile Money',
  airtel_money: 'Airtel Money',
  card: 'Card',
  cash_on_delivery: 'Cash on Delivery',
  on_account: 'On account',
};

// Kept beside the catalog's plain values, so the storefront's stock badge needs none of this module.
export { stockLabel } from './catalog-constants.ts';

/** Outlet stock indicator: low at or below min, full at or above max, else between. */
export function outletStockLevel(stock: number, min: number, max: number): 'low' | 'full' | 'between' {
  if (stock <= min) return 'low';
  if (stock >= max) return 'full';
  return 'between';
}

/** Customer order number: first 8 characters of the id. Rider and outlet short id: last 6. */
export const customerOrderNumber = (id: string) => id.slice(0, 8).toUpperCase();
export const shortOrderId = (id: string) => id.slice(-6).toUpperCase();
