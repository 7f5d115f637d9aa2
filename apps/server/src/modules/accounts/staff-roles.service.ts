/**
 * Back-office staff: roles made of permissions and who holds them. Built-in roles are fixed (their
 * permissions are in `@meatshop/shared/staff-permissions`); the owner makes custom ones. The shop
 * always keeps at least one Owner, and only an Owner makes someone else one.
 */
import {
  type AdminAssignStaffInput,
  type AdminStaffMember,
  type AdminStaffRole,
  type AdminStaffRoleInput,
  BUILT_IN_ROLE_IDS,
  BUILT_IN_ROLES,
  OWNER_ROLE_ID,
  isBuiltInRole,
  permissionsOfRole,
} from '@meatshop/shared/staff-permissions';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from './access.ts';
import {
  countOwnersForUpdate,
  deleteStaffRoleById,
  findProfileByEmail,
  findProfileById,
  findStaffMembers,
  findStaffRoleById,
  findStaffRoleByNameInsensitive,
  findStaffRoles,
  insertStaffRole,
  setStaffRole,
  updateStaffRoleById,
} from './staff-roles.repository.ts';

const ROLE_NOT_FOUND = 'Staff role not found';
type RoleRow = NonNullable<Awaited<ReturnType<typeof findStaffRoleById>>>;

function roleView(r: RoleRow): AdminStaffRole {
  const builtIn = isBuiltInRole(r.id) ? BUILT_IN_ROLES[r.id] : null;
  return {
    id: r.id,
    name: r.name,
    description: builtIn?.description ?? 'Custom role',
    builtIn: builtIn !== null,
    permissions: permissionsOfRole(r.id, r.permissions),
    twoFactor: r.twoFactor,
    members: r.members,
  };
}

/** Built-in roles first, in their own order (Owner first), then the custom ones by name. */
export async function listStaffRoles(db: Db): Promise<AdminStaffRole[]> {
  const rank = (id: string) => (isBuiltInRole(id) ? BUILT_IN_ROLE_IDS.indexOf(id) : BUILT_IN_ROLE_IDS.length);
  return (await findStaffRoles(db)).sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name)).map(roleView);
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  const other = await findStaffRoleByNameInsensitive(tx, name);
  if (other && other.id !== exceptId)
    throw new AppError('ALREADY_EXISTS', `A staff role named "${name}" already exists.`, { name: 'A role with this name already exists' });
}

export async function createStaffRole(db: Db, input: AdminStaffRoleInput): Promise<AdminStaffRole> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const id = crypto.randomUUID();
    await insertStaffRole(tx, { id, name: input.name, permissions: [...input.permissions], twoFactor: input.twoFactor ?? false });
    return roleView((await findStaffRoleById(tx, id))!);
  });
}

async function customRole(tx: Tx, id: string) {
  const role = await findStaffRoleById(tx, id);
  if (!role) throw notFound(ROLE_NOT_FOUND);
  if (role.builtIn) throw new AppError('RULE_BROKEN', `${role.name} is a built-in role and cannot be changed. Make a custom role instead.`);
  return role;
}

export async function updateStaffRole(db: Db, id: string, input: AdminStaffRoleInput): Promise<AdminStaffRole> {
  return db.transaction(async (tx) => {
    await customRole(tx, id);
    await assertNameFree(tx, input.name, id);
    await updateStaffRoleById(tx, id, { name: input.name, permissions: [...input.permissions], twoFactor: input.twoFactor ?? false });
    return roleView((await findStaffRoleById(tx, id))!);
  });
}

export async function removeStaffRole(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await customRole(tx, id);
    if (role.members > 0) {
      const who = role.members === 1 ? '1 staff member has' : `${role.members} staff members have`;
      throw new AppError('CONFLICT', `This role is in use: ${who} it. Give them another role first.`);
    }
    await deleteStaffRoleById(tx, id);
  });
}

export async function listStaff(db: Db): Promise<AdminStaffMember[]> {
  return (await findStaffMembers(db)).map((m) => ({
    userId: m.userId,
    email: m.email,
    fullName: m.fullName,
    roleId: m.roleId ?? '',
    roleName: m.roleName ?? 'No role',
    twoFactorEnabled: m.twoFactorEnabled === true,
  }));
}

/** Whether taking `userId` out of the Owner role would leave the shop without one. */
async function assertOwnerStays(tx: Tx, current: { staffRoleId: string | null; isAdmin: boolean }, nextRoleId: string | null) {
  if (!current.isAdmin || current.staffRoleId !== OWNER_ROLE_ID || nextRoleId === OWNER_ROLE_ID) return;
  if ((await countOwnersForUpdate(tx, OWNER_ROLE_ID)) <= 1)
    throw new AppError('RULE_BROKEN', 'The shop must keep at least one Owner. Make someone else an Owner first.');
}

/** Gives an existing shop account a staff role (making them staff), or changes it. */
export async function assignStaffRole(db: Db, by: Actor, input: AdminAssignStaffInput): Promise<AdminStaffMember> {
  const email = input.email.trim().toLowerCase();
  const userId = await db.transaction(async (tx) => {
    const role = await findStaffRoleById(tx, input.roleId);
    if (!role) throw new AppError('VALIDATION', 'Choose a role', { roleId: 'Choose a role' });
    const profile = await findProfileByEmail(tx, email);
    if (!profile)
      throw new AppError('NOT_FOUND', 'No shop account uses this email. Ask them to sign up first, then give them a role.', {
        email: 'No shop account uses this email',
      });
    const touchesOwner = role.id === OWNER_ROLE_ID || (profile.isAdmin && profile.staffRoleId === OWNER_ROLE_ID);
    if (touchesOwner && by.staff?.roleId !== OWNER_ROLE_ID)
      throw forbidden('Only an Owner can make someone an Owner or change an Owner’s role.');
    await assertOwnerStays(tx, profile, role.id);
    await setStaffRole(tx, profile.id, role.id);
    return profile.id;
  });
  return (await listStaff(db)).find((m) => m.userId === userId)!;
}

/** Takes someone out of the back office (their shop account stays). */
export async function removeFromStaff(db: Db, by: Actor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const profile = await findProfileById(tx, userId);
    if (!profile?.isAdmin) throw notFound('Staff member not found');
    if (profile.staffRoleId === OWNER_ROLE_ID && by.staff?.roleId !== OWNER_ROLE_ID) throw forbidden('Only an Owner can remove an Owner.');
    await assertOwnerStays(tx, profile, null);
    await setStaffRole(tx, userId, null);
  });
}
