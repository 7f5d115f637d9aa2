/**
 * The rider's side of an order's life: Confirm Pickup, Complete Delivery, Cancel.
 * The server enforces this table; the rider app uses it to show only the buttons that can work.
 */
import { ORDER_TRANSITIONS, orderMay, orderRefusal } from './order-lifecycle.ts';
import type { OrderStatus } from './status.ts';

export const RIDER_ACTIONS = ['pickup', 'deliver', 'cancel'] as const;
export type RiderAction = (typeof RIDER_ACTIONS)[number];

/** The rider's rows of the order transition table (order-lifecycle.ts), by action. */
export const RIDER_TRANSITIONS = Object.fromEntries(
  RIDER_ACTIONS.map((a) => [a, { from: ORDER_TRANSITIONS[a].from.rider ?? [], to: ORDER_TRANSITIONS[a].to! }]),
) as Record<RiderAction, { from: readonly OrderStatus[]; to: OrderStatus }>;

export const canRiderDo = (action: RiderAction, status: string) => orderMay(action, 'rider', { status });

/** Why an action is refused for an order in this status: the 409 message the rider reads. */
export const riderRefusal = (action: RiderAction, status: string): string => orderRefusal(action, 'rider', { status });

export const DELIVERY_PHOTO_MESSAGES = {
  missing: 'Please take a delivery photo',
  notImage: 'Please select an image file',
  tooLarge: 'Image must be less than 5MB',
} as const;

/** Shown when a queued action comes back 404: the order was taken off this rider meanwhile. */
export const NO_LONGER_ASSIGNED = 'This order is no longer assigned to you.';
