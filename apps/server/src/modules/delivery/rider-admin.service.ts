/**
 * Delivery riders managed by admins: create (auth account + rider row), approve or decline a rider who
 * signed up on their own, edit, (de)activate, delete.
 */
import type { AdminRider } from '@meatshop/shared/admin-people';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deliveryRiders } from '../../db/schema/accounts.ts';
import { user } from '../../db/schema/auth.ts';
import { orders } from '../../db/schema/orders.ts';
import type { Auth } from '../../platform/auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { createAccount } from '../accounts/accounts.service.ts';
import { insertNewRider } from './rider-accounts.service.ts';

type RiderRow = typeof deliveryRiders.$inferSelect;
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

export async function listRiders(db: Tx) {
  return (await db.select().from(deliveryRiders).orderBy(desc(deliveryRiders.createdAt))).map(shape);
}

/** Riders who can take an order now: active and online (spec section 7). */
async function getRider(db: Tx, id: string) {
  const [r] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.id, id));
  if (!r) throw notFound('Rider not found');
  return shape(r);
}

export async function createRider(
  db: Db,
  auth: Auth,
  input: { email: string; password: string; fullName: string; phone: string; vehicleType: 'motorcycle' | 'bicycle' },
) {
  const { userId } = await createAccount(db, auth, input, new Headers({ 'user-agent': 'meatshop-admin' }), (id) =>
    insertNewRider(db, id, input),
  );
  return getRider(db, userId);
}

export async function updateRider(db: Db, id: string, input: { fullName: string; phone: string; vehicleType: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(deliveryRiders).set(input).where(eq(deliveryRiders.id, id)).returning();
    if (!row) throw notFound('Rider not found');
    await tx.update(user).set({ name: input.fullName }).where(eq(user.id, id));
    return shape(row);
  });
}

/**
 * An admin's decision on a rider who signed up on their own: approved riders become active (they can
 * go online and be assigned orders); declined ones stay inactive and see that they were not approved.
 */
export async function decideRider(db: Db, id: string, decision: 'approved' | 'declined') {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ approval: deliveryRiders.approval })
      .from(deliveryRiders)
      .where(eq(deliveryRiders.id, id))
      .for('update');
    if (!current) throw notFound('Rider not found');
    if (current.approval === 'approved') throw conflict('This rider is already approved.');
    const [row] = await tx
      .update(deliveryRiders)
      .set({ approval: decision, isActive: decision === 'approved', status: 'offline' })
      .where(eq(deliveryRiders.id, id))
      .returning();
    return shape(row!);
  });
}

export async function setRiderActive(db: Db, id: string, isActive: boolean) {
  return db.transaction(async (tx) => {
    if (isActive) {
      const [r] = await tx.select({ approval: deliveryRiders.approval }).from(deliveryRiders).where(eq(deliveryRiders.id, id));
      if (r && r.approval !== 'approved') throw conflict('This rider has not been approved yet. Approve them first.');
    }
    // A deactivated rider also goes offline so dispatch stops offering them.
    const [row] = await tx
      .update(deliveryRiders)
      .set(isActive ? { isActive } : { isActive, status: 'offline' })
      .where(eq(deliveryRiders.id, id))
      .returning();
    if (!row) throw notFound('Rider not found');
    return shape(row);
  });
}

/**
 * Deletes a rider and their sign-in. One with delivered (or in-flight) orders is deactivated instead,
 * keeping history whole.
 */
export async function deleteRider(db: Db, id: string): Promise<'deleted' | 'deactivated'> {
  return db.transaction(async (tx) => {
    const [r] = await tx.select({ id: deliveryRiders.id }).from(deliveryRiders).where(eq(deliveryRiders.id, id));
    if (!r) throw notFound('Rider not found');
    // Delivered orders keep their rider for history; orders in flight still need them.
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.riderId, id), sql`${orders.status} in ('delivered', 'assigned', 'picked_up')`));
    if ((n?.n ?? 0) > 0) {
      await tx.update(deliveryRiders).set({ isActive: false, status: 'offline' }).where(eq(deliveryRiders.id, id));
      return 'deactivated';
    }
    await tx.delete(user).where(eq(user.id, id));
    return 'deleted';
  });
}
