/** Queries for an outlet's own staff and settings; every one is scoped by the outlet id. */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { employeeRoles, outletEmployees, users } from '../../db/schema/accounts.ts';
import { outlets } from '../../db/schema/outlets.ts';

const staffColumns = {
  id: outletEmployees.id,
  fullName: users.fullName,
  email: users.email,
  roleId: outletEmployees.roleId,
  roleName: employeeRoles.name,
  isActive: outletEmployees.isActive,
  deactivatedBy: outletEmployees.deactivatedBy,
  createdAt: outletEmployees.createdAt,
};

export async function findStaffByOutletId(tx: Tx, outletId: string) {
  return tx
    .select(staffColumns)
    .from(outletEmployees)
    .innerJoin(users, eq(users.id, outletEmployees.userId))
    .innerJoin(employeeRoles, eq(employeeRoles.id, outletEmployees.roleId))
    .where(eq(outletEmployees.outletId, outletId))
    .orderBy(desc(outletEmployees.createdAt));
}

export async function findStaffByIdAndOutletId(tx: Tx, id: string, outletId: string) {
  const [row] = await tx
    .select(staffColumns)
    .from(outletEmployees)
    .innerJoin(users, eq(users.id, outletEmployees.userId))
    .innerJoin(employeeRoles, eq(employeeRoles.id, outletEmployees.roleId))
    .where(and(eq(outletEmployees.id, id), eq(outletEmployees.outletId, outletId)))
    .limit(1);
  return row;
}

export async function updateStaffByIdAndOutletId(
  tx: Tx,
  id: string,
  outletId: string,
  values: { isActive?: boolean; roleId?: number; deactivatedBy?: 'manager' | null },
) {
  const [row] = await tx
    .update(outletEmployees)
    .set(values)
    .where(and(eq(outletEmployees.id, id), eq(outletEmployees.outletId, outletId)))
    .returning({ id: outletEmployees.id });
  return row;
}

export async function findRolesOrderedByName(tx: Tx) {
  return tx.select({ id: employeeRoles.id, name: employeeRoles.name }).from(employeeRoles).orderBy(asc(employeeRoles.name));
}

export async function findRoleById(tx: Tx, id: number) {
  const [row] = await tx.select({ id: employeeRoles.id, name: employeeRoles.name }).from(employeeRoles).where(eq(employeeRoles.id, id));
  return row;
}

export async function findOutletById(tx: Tx, id: string) {
  const [row] = await tx.select().from(outlets).where(eq(outlets.id, id)).limit(1);
  return row;
}

export async function updateOutletContact(tx: Tx, id: string, values: { phone: string; openingHours: string }) {
  const [row] = await tx.update(outlets).set(values).where(eq(outlets.id, id)).returning();
  return row;
}
