/** Newsletter subscriptions as admins see them: all, newest first; delete one or many. */
import type { Db, Tx } from '../../db/client.ts';
import { deleteSubscriptionsByIds, listAllSubscriptions } from './subscriptions.repository.ts';

export async function listSubscriptions(db: Tx) {
  const rows = await listAllSubscriptions(db);
  return rows.map((r) => ({ id: r.id, email: r.email, type: r.type, createdAt: r.createdAt.toISOString() }));
}

export async function deleteSubscriptions(db: Db, ids: string[]) {
  return db.transaction(async (tx) => {
    const rows = await deleteSubscriptionsByIds(tx, ids);
    return rows.length;
  });
}
