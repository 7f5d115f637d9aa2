/** Who may move an order: only the rider it is assigned to, only along the table in packages/shared. */
import { canRiderDo, type RiderAction, riderRefusal } from '@meatshop/shared/delivery';
import type { orders } from '../../db/schema/orders.ts';
import { conflict, notFound } from '../../platform/errors.ts';

export const ORDER_NOT_FOUND = 'Order not found';

/** Another rider's order answers exactly like an unknown id. */
export function assertAssigned(
  order: typeof orders.$inferSelect | undefined,
  riderId: string,
): asserts order is typeof orders.$inferSelect {
  if (!order || order.riderId !== riderId) throw notFound(ORDER_NOT_FOUND);
}

export function assertRiderMay(action: RiderAction, status: string) {
  if (!canRiderDo(action, status)) throw conflict(riderRefusal(action, status));
}
