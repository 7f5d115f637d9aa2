/** Who is acting on an order, as the order core records and checks it. */
import type { OrderActor } from '@meatshop/shared/order-lifecycle';
import { conflict } from '../../../platform/errors.ts';
import { type OrderAction, orderMay, orderRefusal } from '@meatshop/shared/order-lifecycle';
import type { OrderRow } from '../orders.repository.ts';
import type { AuditActor } from '../../audit/audit.service.ts';

export interface Actor {
  role: OrderActor;
  /** The user, rider or employee id; absent for the server itself. */
  id?: string;
  /** Shown in admin notifications ("cancelled by rider Sam"). */
  name?: string;
  /**
   * The staff member behind a back-office or outlet-portal step: the order core writes their row of
   * the audit trail beside the order event (customers, riders and the server write none).
   */
  staff?: AuditActor;
}

export const SYSTEM: Actor = { role: 'system' };

/** Throws the 409 the person reads when the transition table does not allow this step now. */
export function assertMay(action: OrderAction, actor: Actor, order: OrderRow) {
  if (!orderMay(action, actor.role, order)) throw conflict(orderRefusal(action, actor.role, order));
}
