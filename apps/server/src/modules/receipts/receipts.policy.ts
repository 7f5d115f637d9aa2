/** Who may read an order's receipt: its customer, staff of its outlet, and admins. */
import type { Actor } from '../accounts/access.ts';

export function mayReadReceipt(actor: Actor, order: { userId: string; outletId: string | null }): boolean {
  if (actor.user?.isAdmin) return true;
  if (order.userId === actor.userId) return true;
  return !!(actor.employee?.isActive && order.outletId && order.outletId === actor.employee.outletId);
}
