/**
 * The audit row of a staff member's step on an order, written by the order core in the step's own
 * transaction (beside the order event), so every staff route that goes through the core is recorded
 * the same way. Steps taken by customers, riders or the server carry no `staff` and write nothing.
 */
import type { AuditAction } from '@meatshop/shared/admin-activity';
import type { Tx } from '../../../db/client.ts';
import { type AuditFields, changedFields, recordAudit } from '../../audit/audit.service.ts';
import type { OrderRow } from '../orders.repository.ts';
import type { Actor } from './actor.ts';

type AuditedOrder = Pick<OrderRow, 'status' | 'paymentStatus' | 'riderId' | 'cancelReason' | 'readyAt' | 'goodsReturnedAt'>;

const audited = (o: AuditedOrder): AuditFields => ({
  status: o.status,
  paymentStatus: o.paymentStatus,
  riderId: o.riderId,
  cancelReason: o.cancelReason,
  readyAt: o.readyAt,
  goodsReturnedAt: o.goodsReturnedAt,
});

export async function auditOrderStep(tx: Tx, actor: Actor, before: AuditedOrder, after: OrderRow, action: AuditAction) {
  if (!actor.staff) return;
  await recordAudit(tx, actor.staff, {
    entityType: 'order',
    entityId: after.id,
    action,
    ...changedFields(audited(before), audited(after)),
  });
}
