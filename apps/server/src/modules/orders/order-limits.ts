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
import { countOpenAndRecentOrders, lockCustomerForOrder } from './order-limits.repository.ts';

const WINDOW_SECONDS = 60;

export const blockedMessage = (supportPhone: string) =>
  `Your account cannot place orders at the moment. Please call us on ${supportPhone}.`;

export async function enforceOrderLimits(
  tx: Tx,
  userId: string,
  idempotencyKey: string | undefined,
  settings: Pick<ShopSettings, 'maxOpenOrdersPerCustomer' | 'maxOrdersPerMinute' | 'supportPhone'>,
  /** What staff read when they take an order for a blocked customer (the customer's words otherwise). */
  blockedRefusal?: string,
) {
  const { blocked } = await lockCustomerForOrder(tx, userId);
  // Staff blocked this customer (with a reason they keep); the customer is told whom to call.
  if (blocked) throw new AppError('FORBIDDEN', blockedRefusal ?? blockedMessage(settings.supportPhone));
  // Counted after the lock, in a statement of its own: a count in the locking statement would read
  // from before the wait and miss the order the previous placement just committed.
  const { open, recent, sameKey } = await countOpenAndRecentOrders(tx, userId, WINDOW_SECONDS, idempotencyKey);
  // A double submit that waited for the first one's lock: let it reach the unique key, which answers
  // with the order the first request created rather than a limit it did not cause.
  if (sameKey) return;
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
}
