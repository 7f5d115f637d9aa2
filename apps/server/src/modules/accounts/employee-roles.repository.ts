/** Queries for the employee_roles table, with how many employees hold each role. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { employeeRoles } from '../../db/schema/accounts.ts';

// Written out in full: in a one-table select Drizzle leaves column names unqualified, and `id` would
// then mean outlet_employees.id inside the subquery.
const employeeCount = sql<number>`(SELECT count(*) FROM outlet_employees oe WHERE oe.role_id = employee_roles.id)::int`;
const roleColumns = { id: employeeRoles.id, name: employeeRoles.name, employeeCount };

export async function findRolesWithCounts(tx: Tx) {
  return tx.select(roleColumns).from(employeeRoles).orderBy(asc(employeeRoles.name));
}

export async function findRoleWithCountById(tx: Tx, id: number) {
  const [row] = await tx.select(roleColumns).from(employeeRoles).where(eq(employeeRoles.id, id));
  return row;
}

export async function findRoleByNameInsensitive(tx: Tx, name: string) {
  const [row] = await tx
    .select({ id: employeeRoles.id })
    .from(employeeRoles)
    .where(sql`lower(${employeeRoles.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function insertRole(tx: Tx, name: string) {
  const [row] = await tx.insert(employeeRoles).values({ name }).returning({ id: employeeRoles.id });
  return row!;
}

export async function renameRole(tx: Tx, id: number, name: string) {
  const [row] = await tx.update(employeeRoles).set({ name }).where(eq(employeeRoles.id, id)).returning({ id: employeeRoles.id });
  return row;
}

export async function deleteRole(tx: Tx, id: number) {
  await tx.delete(employeeRoles).where(eq(employeeRoles.id, id));
}
