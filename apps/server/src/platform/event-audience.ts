/**
 * Who may see which live event (spec section 6): a customer their own orders, a rider the orders
 * assigned to them (and the one just taken from them), an outlet employee their outlet's orders,
 * an admin everything plus notifications.
 */
import type { Actor } from './access.ts';
import type { DomainEvent } from './events.ts';

export interface Audience {
  userId: string;
  isAdmin: boolean;
  riderId: string | null;
  outletId: string | null;
}

export function audienceOf(actor: Actor): Audience {
  return {
    userId: actor.userId,
    isAdmin: actor.user?.isAdmin === true,
    riderId: actor.rider?.isActive ? actor.rider.id : null,
    outletId: actor.employee?.isActive ? actor.employee.outletId : null,
  };
}

export function canSee(a: Audience, e: DomainEvent): boolean {
  if (a.isAdmin) return true;
  switch (e.type) {
    case 'order':
      return (
        e.userId === a.userId ||
        (a.riderId !== null && (e.riderId === a.riderId || e.previousRiderId === a.riderId)) ||
        (a.outletId !== null && e.outletId === a.outletId)
      );
    case 'rider':
      return a.riderId !== null && e.riderId === a.riderId;
    case 'rider_position':
      // Not the rider: the phone knows where it is. Not other riders or customers.
      return e.userId === a.userId || (a.outletId !== null && e.outletId === a.outletId);
    case 'notification':
    case 'rider_location':
      return false;
  }
}
