/**
 * A new order enters its life here: pending, payment pending (or on account), announced (the
 * customer's "order placed" messages queued). A trade buyer's order over their limit enters held
 * instead (`awaiting_approval`): announced as `held`, so the outlet is not told of work that may
 * never come, and the buyer reads that it waits for their business (approve.ts takes it on).
 */
import type { Tx } from '../../../db/client.ts';
import type { orders } from '../../../db/schema/orders.ts';
import { insertOpenOrder } from './lifecycle.repository.ts';
import { announce } from './order-event.ts';

/** `customer`: what the placement read of the customer already, so the first messages need no read. */
export async function openOrder(
  tx: Tx,
  values: Omit<typeof orders.$inferInsert, 'status' | 'paymentStatus'>,
  held: boolean,
  customer: { smsOptOut: boolean },
) {
  const order = await insertOpenOrder(tx, values, held ? 'awaiting_approval' : 'pending');
  const action = held ? 'held' : 'placed';
  // A new order has no rider yet.
  await announce(tx, order, action, undefined, action, { order, smsOptOut: customer.smsOptOut, riderName: null, riderPhone: null });
  return order;
}
