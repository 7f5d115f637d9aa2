/**
 * The order event, built in one place. Every change to an order is announced here, inside the
 * changing transaction: the live event on the bus, and, for the steps a customer is told about,
 * their SMS and email queued explicitly beside it (the bus itself sends no messages).
 */
import type { DomainEvent, OrderAction } from '@meatshop/shared/events';
import { isMessageEvent, type OrderMessageFacts, queueOrderMessages } from '../../messages/order-messages.ts';
import type { Tx } from '../../../db/client.ts';
import { publish } from '../../../platform/events.ts';
import type { OrderRow } from '../orders.repository.ts';

type EventOrder = Pick<OrderRow, 'id' | 'status' | 'paymentStatus' | 'userId' | 'outletId' | 'riderId'>;

export function orderEvent(order: EventOrder, action: OrderAction, previousRiderId?: string | null): DomainEvent {
  return {
    type: 'order',
    action,
    orderId: order.id,
    status: order.status,
    paymentStatus: order.paymentStatus,
    userId: order.userId,
    outletId: order.outletId,
    riderId: order.riderId,
    ...(previousRiderId ? { previousRiderId } : {}),
  };
}

/**
 * Publishes the event and queues the customer's messages for it, in the caller's transaction.
 * `message` names the customer's message when it is not the action's own (a declined approval is a
 * cancel on the bus, but the buyer reads who declined it and why).
 */
export async function announce(
  tx: Tx,
  order: EventOrder,
  action: OrderAction,
  previousRiderId?: string | null,
  message: string = action,
  /** What the messages say, when the caller holds it as it is now (otherwise it is read). */
  facts?: OrderMessageFacts,
) {
  if (isMessageEvent(message)) await queueOrderMessages(tx, order.id, message, facts);
  await publish(tx, orderEvent(order, action, previousRiderId));
}
