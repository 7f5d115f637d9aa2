/**
 * How many orders one customer may have open and place per minute (admin Settings). One account once
 * placed 60 cash orders in under two seconds, emptying a product and most of a day's delivery places.
 * Counted inside the order's transaction after locking the customer, so parallel placements from one
 * account are counted one after another and none slips past the limit.
 */
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { scaledLimit } from '../../platform/rate-limit.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { countOpenAndRecentOrders, hasOrderWithIdempotencyKey, lockCustomerForOrder } from './order-limits.repository.ts';

const WINDOW_SECONDS = 60;

export async function enforceOrderLimits(tx: Tx, userId: string, idempotencyKey?: string) {
  await lockCustomerForOrder(tx, userId);
  // A double submit that waited for the first one's lock: let it reach the unique key, which answers
  // with the order the first request created rather than a limit it did not cause.
  if (idempotencyKey && (await hasOrderWithIdempotencyKey(tx, userId, idempotencyKey))) return;
  const settings = await getShopSettings(tx);
  const { open, recent } = await countOpenAndRecentOrders(tx, userId, WINDOW_SECONDS);
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
