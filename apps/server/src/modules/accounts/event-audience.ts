/**
 * Who may see which live event: a customer their own orders, a rider the orders
 * assigned to them (and the one just taken from them), an outlet employee their outlet's orders,
 * an admin everything plus notifications.
 */
import type { Actor } from './access.ts';
import type { DomainEvent } from '../../platform/events.ts';

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
    case 'cold_chain':
      return a.outletId !== null && e.outletId === a.outletId;
    case 'notification':
    case 'rider_location':
      return false;
  }
}

/** What an account may see now, read again while its stream stays open (undefined: signed out). */
export interface LiveAccess {
  isAdmin: boolean | null;
  riderActive: boolean | null;
  employeeActive: boolean | null;
  employeeOutletId: string | null;
}

/** False once the session has ended or the account lost a role this audience was given at open. */
export function stillSees(a: Audience, live: LiveAccess | undefined): boolean {
  if (!live) return false;
  if (a.isAdmin && !live.isAdmin) return false;
  if (a.riderId !== null && !live.riderActive) return false;
  if (a.outletId !== null && (!live.employeeActive || live.employeeOutletId !== a.outletId)) return false;
  return true;
}
