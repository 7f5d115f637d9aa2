/**
 * Outlet employees, managed by admins. Creating one makes the auth account, the users row and the
 * outlet_employees row together or not at all: the two rows are one transaction, and if it fails
 * createAccount deletes the auth user again.
 */
import type { AdminEmployee } from '@meatshop/shared/admin-people';
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { employeeRoles, outletEmployees, users } from '../../db/schema/accounts.ts';
import { outlets } from '../../db/schema/outlets.ts';
import type { Auth } from '../../platform/auth.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { createAccount } from './accounts.service.ts';

function select(db: Tx) {
  return db
    .select({
      id: outletEmployees.id,
      userId: outletEmployees.userId,
      fullName: users.fullName,
      email: users.email,
      isActive: outletEmployees.isActive,
      outletId: outlets.id,
      outletName: outlets.name,
      roleId: employeeRoles.id,
      roleName: employeeRoles.name,
      createdAt: outletEmployees.createdAt,
    })
    .from(outletEmployees)
    .innerJoin(users, eq(users.id, outletEmployees.userId))
    .innerJoin(outlets, eq(outlets.id, outletEmployees.outletId))
    .innerJoin(employeeRoles, eq(employeeRoles.id, outletEmployees.roleId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const shape = (r: Row): AdminEmployee => ({
  id: r.id,
  userId: r.userId,
  fullName: r.fullName,
  email: r.email,
  isActive: r.isActive,
  outlet: { id: r.outletId, name: r.outletName },
  role: { id: r.roleId, name: r.roleName },
  createdAt: r.createdAt.toISOString(),
});

export async function listEmployees(db: Tx) {
  return (await select(db).orderBy(desc(outletEmployees.createdAt))).map(shape);
}

async function getEmployee(db: Tx, id: string) {
  const [r] = await select(db).where(eq(outletEmployees.id, id));
  if (!r) throw notFound('Employee not found');
  return shape(r);
}

async function assertOutletAndRole(db: Tx, outletId: string, roleId: number) {
  const fields: Record<string, string> = {};
  const [o] = await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, outletId));
  if (!o) fields.outletId = 'Outlet not found';
  const [r] = await db.select({ id: employeeRoles.id }).from(employeeRoles).where(eq(employeeRoles.id, roleId));
  if (!r) fields.roleId = 'Role not found';
  if (Object.keys(fields).length) throw invalid(Object.values(fields)[0]!, fields);
}

export async function createEmployee(
  db: Db,
  auth: Auth,
  input: { email: string; password: string; fullName: string; outletId: string; roleId: number },
) {
  await assertOutletAndRole(db, input.outletId, input.roleId);
  // A fresh header set: the admin's own session cookie must not reach the new account's sign-up.
  const { userId } = await createAccount(db, auth, input, new Headers({ 'user-agent': 'meatshop-admin' }), async (id) => {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ id, email: input.email, fullName: input.fullName });
      await tx.insert(outletEmployees).values({ userId: id, outletId: input.outletId, roleId: input.roleId, isActive: true });
    });
  });
  const [row] = await db.select({ id: outletEmployees.id }).from(outletEmployees).where(eq(outletEmployees.userId, userId));
  return getEmployee(db, row!.id);
}

export async function updateEmployee(db: Db, id: string, input: { outletId: string; roleId: number }) {
  await assertOutletAndRole(db, input.outletId, input.roleId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(outletEmployees)
      .set({ outletId: input.outletId, roleId: input.roleId })
      .where(eq(outletEmployees.id, id))
      .returning({ id: outletEmployees.id });
    if (!row) throw notFound('Employee not found');
    return getEmployee(tx, id);
  });
}

/** An admin's switch: recorded as theirs, so an outlet manager cannot undo a deactivation. */
export async function setEmployeeActive(db: Db, id: string, isActive: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(outletEmployees)
      .set({ isActive, deactivatedBy: isActive ? null : 'admin' })
      .where(eq(outletEmployees.id, id))
      .returning({ id: outletEmployees.id });
    if (!row) throw notFound('Employee not found');
    return getEmployee(tx, id);
  });
}
