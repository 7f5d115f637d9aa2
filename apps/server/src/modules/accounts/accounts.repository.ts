/** Queries for people: profiles, riders, employees. */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { deliveryRiders, employeeRoles, outletEmployees, staffRoles, users } from '../../db/schema/accounts.ts';
import { session, user } from '../../db/schema/auth.ts';
import { outlets } from '../../db/schema/outlets.ts';

export async function findUserById(db: Tx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findRiderById(db: Tx, id: string) {
  const [row] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.id, id)).limit(1);
  return row;
}

export async function findEmployeeByUserId(db: Tx, userId: string) {
  const [row] = await db
    .select({
      id: outletEmployees.id,
      outletId: outletEmployees.outletId,
      outletName: outlets.name,
      roleId: outletEmployees.roleId,
      roleName: employeeRoles.name,
      isActive: outletEmployees.isActive,
    })
    .from(outletEmployees)
    .innerJoin(outlets, eq(outlets.id, outletEmployees.outletId))
    .innerJoin(employeeRoles, eq(employeeRoles.id, outletEmployees.roleId))
    .where(eq(outletEmployees.userId, userId))
    .limit(1);
  return row;
}

/** A back-office member's role and whether an authenticator app guards their sign-in. */
export async function findStaffByUserId(db: Tx, userId: string) {
  const [row] = await db
    .select({
      roleId: staffRoles.id,
      roleName: staffRoles.name,
      permissions: staffRoles.permissions,
      twoFactor: staffRoles.twoFactor,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(users)
    .innerJoin(user, eq(user.id, users.id))
    .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function insertUser(db: Tx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUserProfile(db: Tx, id: string, values: { fullName: string; phone: string; smsOptOut?: boolean }) {
  const set = {
    fullName: values.fullName,
    phone: values.phone,
    ...(values.smsOptOut === undefined ? {} : { smsOptOut: values.smsOptOut }),
  };
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  if (row) await db.update(user).set({ name: values.fullName }).where(eq(user.id, id));
  return row;
}

export async function deleteAuthUser(db: Tx, id: string) {
  await db.delete(user).where(eq(user.id, id));
}

export async function findAuthUserByEmail(db: Tx, email: string) {
  const [row] = await db.select({ id: user.id, name: user.name }).from(user).where(eq(user.email, email)).limit(1);
  return row;
}

/**
 * Of these session tokens, the ones still signed in (not signed out, not expired), each with what
 * its account may still see: an open event stream is checked against this.
 */
export async function findLiveSessions(db: Tx, tokens: string[]) {
  if (!tokens.length) return [];
  return db
    .select({
      token: session.token,
      isAdmin: users.isAdmin,
      riderActive: deliveryRiders.isActive,
      employeeActive: outletEmployees.isActive,
      employeeOutletId: outletEmployees.outletId,
    })
    .from(session)
    .leftJoin(users, eq(users.id, session.userId))
    .leftJoin(deliveryRiders, eq(deliveryRiders.id, session.userId))
    .leftJoin(outletEmployees, eq(outletEmployees.userId, session.userId))
    .where(and(inArray(session.token, tokens), gt(session.expiresAt, sql`now()`)));
}

/** Outlet employees with their user, outlet and role, as the admin's employee list shows them. */
function selectEmployees(db: Tx) {
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

export type EmployeeDetailRow = Awaited<ReturnType<ReturnType<typeof selectEmployees>['execute']>>[number];

/** Every outlet employee, newest first. */
export function listEmployeeDetails(db: Tx) {
  return selectEmployees(db).orderBy(desc(outletEmployees.createdAt));
}

export async function findEmployeeDetailById(db: Tx, id: string) {
  const [row] = await selectEmployees(db).where(eq(outletEmployees.id, id));
  return row;
}

export async function findOutletIdById(db: Tx, id: string) {
  const [row] = await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, id));
  return row;
}

export async function findRoleIdById(db: Tx, id: number) {
  const [row] = await db.select({ id: employeeRoles.id }).from(employeeRoles).where(eq(employeeRoles.id, id));
  return row;
}

export async function insertEmployee(tx: Tx, values: typeof outletEmployees.$inferInsert) {
  await tx.insert(outletEmployees).values(values);
}

/** Returns the id, or undefined when there is no such employee. */
export async function updateEmployeeById(
  tx: Tx,
  id: string,
  set: { outletId?: string; roleId?: number; isActive?: boolean; deactivatedBy?: 'admin' | null },
) {
  const [row] = await tx.update(outletEmployees).set(set).where(eq(outletEmployees.id, id)).returning({ id: outletEmployees.id });
  return row;
}

/** Keeps the sign-in account's display name in step with a profile's full name. */
export async function updateAuthUserName(db: Tx, id: string, name: string) {
  await db.update(user).set({ name }).where(eq(user.id, id));
}

/**
 * The caller behind a session token in one round trip: the session's expiry, the account's email, and
 * the customer, rider and employee profiles (each null when the account has none). The same rows
 * `findUserById`, `findRiderById` and `findEmployeeByUserId` read, so an actor looks the same either way.
 */
export async function findActorBySessionToken(db: Tx, token: string) {
  const [row] = await runPrepared(
    db,
    'actor_by_session_token',
    (q) =>
      q
        .select({
          userId: session.userId,
          expiresAt: session.expiresAt,
          email: user.email,
          user: users,
          rider: deliveryRiders,
          employeeId: outletEmployees.id,
          employeeOutletId: outletEmployees.outletId,
          employeeOutletName: outlets.name,
          employeeRoleId: outletEmployees.roleId,
          employeeRoleName: employeeRoles.name,
          employeeIsActive: outletEmployees.isActive,
          staffRoleId: staffRoles.id,
          staffRoleName: staffRoles.name,
          staffPermissions: staffRoles.permissions,
          staffTwoFactor: staffRoles.twoFactor,
          twoFactorEnabled: user.twoFactorEnabled,
        })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        .leftJoin(users, eq(users.id, session.userId))
        .leftJoin(deliveryRiders, eq(deliveryRiders.id, session.userId))
        .leftJoin(outletEmployees, eq(outletEmployees.userId, session.userId))
        .leftJoin(outlets, eq(outlets.id, outletEmployees.outletId))
        .leftJoin(employeeRoles, eq(employeeRoles.id, outletEmployees.roleId))
        .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
        .where(eq(session.token, sql.placeholder('token')))
        .limit(1),
    { token },
  );
  if (!row) return undefined;
  const employee =
    row.employeeId && row.employeeOutletName !== null && row.employeeRoleName !== null
      ? {
          id: row.employeeId,
          outletId: row.employeeOutletId!,
          outletName: row.employeeOutletName,
          roleId: row.employeeRoleId!,
          roleName: row.employeeRoleName,
          isActive: row.employeeIsActive!,
        }
      : null;
  const staff = {
    roleId: row.staffRoleId,
    roleName: row.staffRoleName,
    permissions: row.staffPermissions,
    twoFactor: row.staffTwoFactor,
    twoFactorEnabled: row.twoFactorEnabled,
  };
  return { userId: row.userId, expiresAt: row.expiresAt, email: row.email, user: row.user, rider: row.rider, employee, staff };
}
