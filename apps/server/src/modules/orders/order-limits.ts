/**
 * How many orders one customer may have open and place per minute (admin Settings). One account once
 * placed 60 cash orders in under two seconds, emptying a product and most of a day's delivery places.
 * Counted inside the order's transaction after locking the customer, so parallel placements from one
 * account are counted one after another and none slips past the limit.
 */
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { scaledLimit } from '../../platform/rate-limit.ts';
import type { ShopSettings } from '@meatshop/shared/shop-settings';
import { lockCustomerAndCountOrders } from './order-limits.repository.ts';

const WINDOW_SECONDS = 60;

export const blockedMessage = (supportPhone: string) =>
  `Your account cannot place orders at the moment. Please call us on ${supportPhone}.`;

/** Answers whether the customer opted out of SMS, read with the lock, for the order's first messages. */
export async function enforceOrderLimits(
  tx: Tx,
  userId: string,
  idempotencyKey: string | undefined,
  settings: Pick<ShopSettings, 'maxOpenOrdersPerCustomer' | 'maxOrdersPerMinute' | 'supportPhone'>,
  /** What staff read when they take an order for a blocked customer (the customer's words otherwise). */
  blockedRefusal?: string,
) {
  const { blocked, smsOptOut, open, recent, sameKey } = await lockCustomerAndCountOrders(tx, userId, WINDOW_SECONDS, idempotencyKey);
  // Staff blocked this customer (with a reason they keep); the customer is told whom to call.
  if (blocked) throw new AppError('FORBIDDEN', blockedRefusal ?? blockedMessage(settings.supportPhone));
  // A double submit that waited for the first one's lock: let it reach the unique key, which answers
  // with the order the first request created rather than a limit it did not cause.
  if (sameKey) return { smsOptOut };
  const maxOpen = scaledLimit(settings.maxOpenOrdersPerCustomer);
  if (open >= maxOpen) {
    throw new AppError(
      'RULE_BROKEN',
      `You already have ${open} orders in progress. Please wait until one is delivered, or cancel one, before placing another.`,
    );
  }
  if (recent >= scaledLimit(settings.maxOrdersPerMinute)) {
    throw new AppError('RATE_LIMITED', 'You are placing orders too quickly. Please wait a minute and try again.');
  }
  return { smsOptOut };
}
