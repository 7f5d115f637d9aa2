/**
 * Outlet employees, managed by admins. Creating one makes the auth account, the users row and the
 * outlet_employees row together or not at all: the two rows are one transaction, and if it fails
 * createAccount deletes the auth user again.
 */
import type { AdminEmployee } from '@meatshop/shared/admin-people';
import type { Db, Tx } from '../../db/client.ts';
import type { Auth } from '../../platform/auth.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import {
  type EmployeeDetailRow,
  findEmployeeByUserId,
  findEmployeeDetailById,
  findOutletIdById,
  findRoleIdById,
  insertEmployee,
  insertUser,
  listEmployeeDetails,
  updateEmployeeById,
} from './accounts.repository.ts';
import { createAccount } from './accounts.service.ts';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit.service.ts';

const shape = (r: EmployeeDetailRow): AdminEmployee => ({
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
  return (await listEmployeeDetails(db)).map(shape);
}

async function getEmployee(db: Tx, id: string) {
  const r = await findEmployeeDetailById(db, id);
  if (!r) throw notFound('Employee not found');
  return shape(r);
}

async function assertOutletAndRole(db: Tx, outletId: string, roleId: number) {
  const fields: Record<string, string> = {};
  const o = await findOutletIdById(db, outletId);
  if (!o) fields.outletId = 'Outlet not found';
  const r = await findRoleIdById(db, roleId);
  if (!r) fields.roleId = 'Role not found';
  if (Object.keys(fields).length) throw invalid(Object.values(fields)[0]!, fields);
}

/** What the trail keeps of an employee: where they work, as what, and whether they may sign in. */
const audited = (e: AdminEmployee) => ({ fullName: e.fullName, outlet: e.outlet.name, role: e.role.name, isActive: e.isActive });

export async function createEmployee(
  db: Db,
  auth: Auth,
  by: AuditActor,
  input: { email: string; password: string; fullName: string; outletId: string; roleId: number },
) {
  await assertOutletAndRole(db, input.outletId, input.roleId);
  // A fresh header set: the admin's own session cookie must not reach the new account's sign-up.
  const { userId } = await createAccount(db, auth, input, new Headers({ 'user-agent': 'meatshop-admin' }), async (id) => {
    await db.transaction(async (tx) => {
      await insertUser(tx, { id, email: input.email, fullName: input.fullName });
      await insertEmployee(tx, { userId: id, outletId: input.outletId, roleId: input.roleId, isActive: true });
      const employee = (await findEmployeeByUserId(tx, id))!;
      await recordAudit(tx, by, {
        entityType: 'employee',
        entityId: employee.id,
        action: 'create',
        after: audited(await getEmployee(tx, employee.id)),
      });
    });
  });
  const row = await findEmployeeByUserId(db, userId);
  return getEmployee(db, row!.id);
}

export async function updateEmployee(db: Db, by: AuditActor, id: string, input: { outletId: string; roleId: number }) {
  await assertOutletAndRole(db, input.outletId, input.roleId);
  return db.transaction(async (tx) => {
    const before = await getEmployee(tx, id);
    const row = await updateEmployeeById(tx, id, { outletId: input.outletId, roleId: input.roleId });
    if (!row) throw notFound('Employee not found');
    const after = await getEmployee(tx, id);
    await recordAudit(tx, by, {
      entityType: 'employee',
      entityId: id,
      action: 'update',
      ...changedFields(audited(before), audited(after)),
    });
    return after;
  });
}

/** An admin's switch: recorded as theirs, so an outlet manager cannot undo a deactivation. */
export async function setEmployeeActive(db: Db, by: AuditActor, id: string, isActive: boolean) {
  return db.transaction(async (tx) => {
    const before = await getEmployee(tx, id);
    const row = await updateEmployeeById(tx, id, { isActive, deactivatedBy: isActive ? null : 'admin' });
    if (!row) throw notFound('Employee not found');
    const after = await getEmployee(tx, id);
    const action = isActive ? 'activate' : 'deactivate';
    await recordAudit(tx, by, { entityType: 'employee', entityId: id, action, ...changedFields(audited(before), audited(after)) });
    return after;
  });
}
