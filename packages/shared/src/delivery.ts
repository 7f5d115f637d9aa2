/**
 * The rider's side of an order's life (spec section 4): Confirm Pickup, Complete Delivery, Cancel.
 * The server enforces this table; the rider app uses it to show only the buttons that can work.
 */
import type { OrderStatus } from './status.ts';

export const RIDER_ACTIONS = ['pickup', 'deliver', 'cancel'] as const;
export type RiderAction = (typeof RIDER_ACTIONS)[number];

export const RIDER_TRANSITIONS: Record<RiderAction, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  pickup: { from: ['assigned'], to: 'picked_up' },
  deliver: { from: ['picked_up'], to: 'delivered' },
  // Spec: cancel from any state except delivered or cancelled.
  cancel: { from: ['pending', 'assigned', 'picked_up'], to: 'cancelled' },
};

export const canRiderDo = (action: RiderAction, status: string) => (RIDER_TRANSITIONS[action].from as readonly string[]).includes(status);

/** Why an action is refused for an order in this status: the 409 message the rider reads. */
export function riderRefusal(action: RiderAction, status: string): string {
  if (status === 'cancelled') return 'This order has been cancelled.';
  if (status === 'delivered')
    return action === 'cancel' ? 'A delivered order cannot be cancelled.' : 'This order has already been delivered.';
  if (action === 'pickup' && status === 'picked_up') return 'This order has already been picked up.';
  if (action === 'pickup' && status === 'pending') return 'This order is not assigned yet.';
  if (action === 'deliver') return 'Confirm pickup before completing the delivery.';
  return 'This order cannot be changed now.';
}

export const DELIVERY_PHOTO_MESSAGES = {
  missing: 'Please take a delivery photo',
  notImage: 'Please select an image file',
  tooLarge: 'Image must be less than 5MB',
} as const;

/** Shown when a queued action comes back 404: the order was taken off this rider meanwhile. */
export const NO_LONGER_ASSIGNED = 'This order is no longer assigned to you.';
