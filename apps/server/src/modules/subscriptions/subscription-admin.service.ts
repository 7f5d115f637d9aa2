/** Newsletter subscriptions as admins see them: all, newest first; delete one or many. */
import type { Db, Tx } from '../../db/client.ts';
import { deleteSubscriptionsByIds, listAllSubscriptions } from './subscriptions.repository.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';

export async function listSubscriptions(db: Tx) {
  const rows = await listAllSubscriptions(db);
  return rows.map((r) => ({ id: r.id, email: r.email, type: r.type, createdAt: r.createdAt.toISOString() }));
}

export async function deleteSubscriptions(db: Db, by: AuditActor, ids: string[]) {
  return db.transaction(async (tx) => {
    const rows = await deleteSubscriptionsByIds(tx, ids);
    for (const r of rows) {
      await recordAudit(tx, by, { entityType: 'subscription', entityId: r.id, action: 'delete', before: { email: r.email, type: r.type } });
    }
    return rows.length;
  });
}
