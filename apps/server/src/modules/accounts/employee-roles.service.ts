/** Employee roles (admin, Employees > Roles): names are unique whatever their case; a role in use stays. */
import type { AdminRole } from '@meatshop/shared/employee-roles';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  deleteRole,
  findRoleByNameInsensitive,
  findRolesWithCounts,
  findRoleWithCountById,
  insertRole,
  renameRole,
} from './employee-roles.repository.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';

const ROLE_NOT_FOUND = 'Role not found';

export const listRoles = (db: Db): Promise<AdminRole[]> => findRolesWithCounts(db);

async function assertNameFree(tx: Tx, name: string, exceptId?: number) {
  const other = await findRoleByNameInsensitive(tx, name);
  if (other && other.id !== exceptId) {
    throw new AppError('ALREADY_EXISTS', `A role named "${name}" already exists.`, { name: 'A role with this name already exists' });
  }
}

export async function createRole(db: Db, by: AuditActor, name: string): Promise<AdminRole> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, name);
    const { id } = await insertRole(tx, name);
    await recordAudit(tx, by, { entityType: 'role', entityId: String(id), action: 'create', after: { name } });
    return (await findRoleWithCountById(tx, id))!;
  });
}

export async function updateRole(db: Db, by: AuditActor, id: number, name: string): Promise<AdminRole> {
  return db.transaction(async (tx) => {
    const before = await findRoleWithCountById(tx, id);
    if (!before) throw notFound(ROLE_NOT_FOUND);
    await assertNameFree(tx, name, id);
    await renameRole(tx, id, name);
    await recordAudit(tx, by, {
      entityType: 'role',
      entityId: String(id),
      action: 'update',
      before: { name: before.name },
      after: { name },
    });
    return (await findRoleWithCountById(tx, id))!;
  });
}

export async function removeRole(db: Db, by: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await findRoleWithCountById(tx, id);
    if (!role) throw notFound(ROLE_NOT_FOUND);
    if (role.employeeCount > 0) {
      const who = role.employeeCount === 1 ? '1 employee has' : `${role.employeeCount} employees have`;
      throw new AppError('CONFLICT', `This role is in use: ${who} it. Give them another role first.`);
    }
    await deleteRole(tx, id);
    await recordAudit(tx, by, { entityType: 'role', entityId: String(id), action: 'delete', before: { name: role.name } });
  });
}
