/**
 * Delivery riders managed by admins: create (auth account + rider row), approve or decline a rider who
 * signed up on their own, edit, (de)activate, delete.
 */
import type { AdminRider } from '@meatshop/shared/admin-people';
import type { Db, Tx } from '../../db/client.ts';
import type { Auth } from '../../platform/auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { deleteAuthUser, findRiderById, updateAuthUserName } from '../accounts/accounts.repository.ts';
import { createAccount } from '../accounts/accounts.service.ts';
import { countRiderDeliveredOrCarried } from './delivery.repository.ts';
import { releaseRiderOrders } from './dispatch.service.ts';
import { insertNewRider } from './rider-accounts.service.ts';
import { type AuditActor, changedFields, pickFields, recordAudit } from '../audit/audit.service.ts';
import {
  findRiderApproval,
  findRiderName,
  listRidersNewestFirst,
  lockRiderApproval,
  type RiderRow,
  updateRiderRow,
} from './riders.repository.ts';

const shape = (r: RiderRow): AdminRider => ({
  id: r.id,
  email: r.email,
  fullName: r.fullName,
  phone: r.phone,
  vehicleType: r.vehicleType,
  status: r.status,
  isActive: r.isActive,
  approval: r.approval as AdminRider['approval'],
  rating: r.rating,
  totalDeliveries: r.totalDeliveries,
  createdAt: r.createdAt.toISOString(),
});

/** What the trail keeps of a rider. */
const AUDITED = ['fullName', 'phone', 'vehicleType', 'isActive', 'approval'] as const;
const audited = (r: AdminRider) => pickFields(r, AUDITED);

export async function listRiders(db: Tx) {
  return (await listRidersNewestFirst(db)).map(shape);
}

/** Riders who can take an order now: active and online. */
async function getRider(db: Tx, id: string) {
  const r = await findRiderById(db, id);
  if (!r) throw notFound('Rider not found');
  return shape(r);
}

export async function createRider(
  db: Db,
  auth: Auth,
  by: AuditActor,
  input: { email: string; password: string; fullName: string; phone: string; vehicleType: 'motorcycle' | 'bicycle' },
) {
  const { userId } = await createAccount(db, auth, input, new Headers({ 'user-agent': 'meatshop-admin' }), (id) =>
    db.transaction(async (tx) => {
      await insertNewRider(tx, id, input);
      const after = { email: input.email, fullName: input.fullName, phone: input.phone, vehicleType: input.vehicleType };
      await recordAudit(tx, by, { entityType: 'rider', entityId: id, action: 'create', after });
    }),
  );
  return getRider(db, userId);
}

export async function updateRider(db: Db, by: AuditActor, id: string, input: { fullName: string; phone: string; vehicleType: string }) {
  return db.transaction(async (tx) => {
    const before = await getRider(tx, id);
    const row = await updateRiderRow(tx, id, input);
    if (!row) throw notFound('Rider not found');
    await updateAuthUserName(tx, id, input.fullName);
    const after = shape(row);
    await recordAudit(tx, by, { entityType: 'rider', entityId: id, action: 'update', ...changedFields(audited(before), audited(after)) });
    return after;
  });
}

/**
 * An admin's decision on a rider who signed up on their own: approved riders become active (they can
 * go online and be assigned orders); declined ones stay inactive and see that they were not approved.
 */
export async function decideRider(db: Db, by: AuditActor, id: string, decision: 'approved' | 'declined') {
  return db.transaction(async (tx) => {
    const current = await lockRiderApproval(tx, id);
    if (!current) throw notFound('Rider not found');
    if (current.approval === 'approved') throw conflict('This rider is already approved.');
    const before = await getRider(tx, id);
    const after = shape((await updateRiderRow(tx, id, { approval: decision, isActive: decision === 'approved', status: 'offline' }))!);
    const action = decision === 'approved' ? 'approve' : 'decline';
    await recordAudit(tx, by, { entityType: 'rider', entityId: id, action, ...changedFields(audited(before), audited(after)) });
    return after;
  });
}

export async function setRiderActive(db: Db, by: AuditActor, id: string, isActive: boolean) {
  return db.transaction(async (tx) => {
    if (isActive) {
      const r = await findRiderApproval(tx, id);
      if (r && r.approval !== 'approved') throw conflict('This rider has not been approved yet. Approve them first.');
    }
    const before = await getRider(tx, id);
    // A deactivated rider also goes offline so dispatch stops offering them.
    const row = await updateRiderRow(tx, id, isActive ? { isActive } : { isActive, status: 'offline' });
    if (!row) throw notFound('Rider not found');
    // They can no longer act on what they were given: it would sit stuck on them.
    if (!isActive) await releaseRiderOrders(tx, row);
    const after = shape(row);
    const action = isActive ? 'activate' : 'deactivate';
    await recordAudit(tx, by, { entityType: 'rider', entityId: id, action, ...changedFields(audited(before), audited(after)) });
    return after;
  });
}

/**
 * Deletes a rider and their sign-in. One with delivered (or in-flight) orders is deactivated instead,
 * keeping history whole.
 */
export async function deleteRider(db: Db, by: AuditActor, id: string): Promise<'deleted' | 'deactivated'> {
  return db.transaction(async (tx) => {
    const r = await findRiderName(tx, id);
    if (!r) throw notFound('Rider not found');
    const before = audited(await getRider(tx, id));
    // Orders given but not picked up go back to the queue first; what they carry keeps them.
    await releaseRiderOrders(tx, r);
    // Delivered orders keep their rider for history; picked-up orders still need them.
    if ((await countRiderDeliveredOrCarried(tx, id)) > 0) {
      await updateRiderRow(tx, id, { isActive: false, status: 'offline' });
      await recordAudit(tx, by, { entityType: 'rider', entityId: id, action: 'deactivate', before, after: { ...before, isActive: false } });
      return 'deactivated';
    }
    await deleteAuthUser(tx, id);
    await recordAudit(tx, by, { entityType: 'rider', entityId: id, action: 'delete', before });
    return 'deleted';
  });
}
