/** A new order enters its life here: pending, payment pending (or on account), announced (the customer's "order placed" messages queued). */
import type { Tx } from '../../../db/client.ts';
import type { orders } from '../../../db/schema/orders.ts';
import { insertOpenOrder } from './lifecycle.repository.ts';
import { announce } from './order-event.ts';

export async function openOrder(tx: Tx, values: Omit<typeof orders.$inferInsert, 'status' | 'paymentStatus'>) {
  const order = await insertOpenOrder(tx, values);
  await announce(tx, order, 'placed');
  return order;
}
