/** Queries for back-office staff: the staff_roles table and the people who hold each role. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { staffRoles, users } from '../../db/schema/accounts.ts';
import { user } from '../../db/schema/auth.ts';

const members = sql<number>`(SELECT count(*) FROM users u WHERE u.is_admin AND u.staff_role_id = staff_roles.id)::int`;
const roleColumns = {
  id: staffRoles.id,
  name: staffRoles.name,
  builtIn: staffRoles.builtIn,
  permissions: staffRoles.permissions,
  twoFactor: staffRoles.twoFactor,
  members,
};

export function findStaffRoles(tx: Tx) {
  return tx.select(roleColumns).from(staffRoles).orderBy(asc(staffRoles.createdAt), asc(staffRoles.name));
}

export async function findStaffRoleById(tx: Tx, id: string) {
  const [row] = await tx.select(roleColumns).from(staffRoles).where(eq(staffRoles.id, id));
  return row;
}

export async function findStaffRoleByNameInsensitive(tx: Tx, name: string) {
  const [row] = await tx.select({ id: staffRoles.id }).from(staffRoles).where(sql`lower(${staffRoles.name}) = lower(${name})`).limit(1);
  return row;
}

export async function insertStaffRole(tx: Tx, values: typeof staffRoles.$inferInsert) {
  await tx.insert(staffRoles).values(values);
}

export async function updateStaffRoleById(tx: Tx, id: string, set: { name: string; permissions: string[]; twoFactor: boolean }) {
  await tx
    .update(staffRoles)
    .set(set)
    .where(and(eq(staffRoles.id, id), eq(staffRoles.builtIn, false)));
}

export async function deleteStaffRoleById(tx: Tx, id: string) {
  await tx.delete(staffRoles).where(and(eq(staffRoles.id, id), eq(staffRoles.builtIn, false)));
}

/** Every back-office member with their role, by name. */
export function findStaffMembers(tx: Tx) {
  return tx
    .select({
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      roleId: staffRoles.id,
      roleName: staffRoles.name,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(users)
    .innerJoin(user, eq(user.id, users.id))
    .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.fullName));
}

export async function findProfileByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ id: users.id, isAdmin: users.isAdmin, staffRoleId: users.staffRoleId })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

export async function findProfileById(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: users.id, isAdmin: users.isAdmin, staffRoleId: users.staffRoleId })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Makes a profile staff with a role, or (role null) takes them out of the back office. */
export async function setStaffRole(tx: Tx, userId: string, roleId: string | null) {
  await tx
    .update(users)
    .set({ isAdmin: roleId !== null, staffRoleId: roleId })
    .where(eq(users.id, userId));
}

/** Owners, counted under a lock so two demotions at once cannot leave the shop with none. */
export async function countOwnersForUpdate(tx: Tx, ownerRoleId: string) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.staffRoleId, ownerRoleId)))
    .for('update');
  return rows.length;
}
