/**
 * Who may do what in the outlet portal. The outlet is always the signed-in employee's own: an id the
 * browser sends is never trusted. Managers (role "Manager", any case) may change staff and settings.
 */
import { isManagerRole } from '@meatshop/shared/outlet';
import type { Actor } from '../accounts/access.ts';
import { forbidden } from '../../platform/errors.ts';

export interface OutletStaffActor {
  employeeId: string;
  outletId: string;
  isManager: boolean;
}

/** The caller's outlet; the route's `outletEmployee` access already refused anyone else. */
export function outletActor(actor: Actor): OutletStaffActor {
  const e = actor.employee;
  if (!e?.isActive) throw forbidden('This area is for active outlet staff.');
  return { employeeId: e.id, outletId: e.outletId, isManager: isManagerRole(e.roleName) };
}

export function assertManager(a: OutletStaffActor, what: string) {
  if (!a.isManager) throw forbidden(`Only the outlet manager can ${what}.`);
}
