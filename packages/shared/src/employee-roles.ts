/** Employee roles managed by admins (Employees > Roles). */
import { z } from 'zod';

export const AdminRoleInput = z.object({
  name: z.string().trim().min(1, 'Role name is required').max(60, 'Role name is too long'),
});
export type AdminRoleInput = z.input<typeof AdminRoleInput>;

export const AdminRole = z.object({
  id: z.number().int(),
  name: z.string(),
  /** How many employees hold it: a role in use cannot be deleted. */
  employeeCount: z.number().int(),
});
export type AdminRole = z.infer<typeof AdminRole>;

export const AdminRoleList = z.object({ roles: z.array(AdminRole) });
export type AdminRoleList = z.infer<typeof AdminRoleList>;

export const RoleIdParams = z.object({ id: z.coerce.number().int().positive('Role not found') });
