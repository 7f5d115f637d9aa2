/** /api/admin/roles: the employee_roles table (Employees > Roles). Admins only. */
import { AdminRole, AdminRoleInput, AdminRoleList, RoleIdParams } from '@meatshop/shared/employee-roles';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { createRole, listRoles, removeRole, updateRole } from '../../../modules/accounts/employee-roles.service.ts';
import { defaultAccess } from '../../../modules/accounts/access.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';

const tags = ['admin'];

export default async function adminRolesRoutes(app: App) {
  defaultAccess(app, 'admin');
  const { db } = app.deps;

  app.get('/', { schema: { tags, response: { 200: AdminRoleList } } }, async () => ({ roles: await listRoles(db) }));

  app.post(
    '/',
    { config: { errors: ['ALREADY_EXISTS'] }, schema: { tags, body: AdminRoleInput, response: { 201: AdminRole } } },
    async (req, reply) => {
      return reply.code(201).send(await createRole(db, await staffActor(req), req.body.name));
    },
  );

  app.patch(
    '/:id',
    { config: { errors: ['ALREADY_EXISTS'] }, schema: { tags, params: RoleIdParams, body: AdminRoleInput, response: { 200: AdminRole } } },
    async (req) => {
      return updateRole(db, await staffActor(req), req.params.id, req.body.name);
    },
  );

  app.delete('/:id', { schema: { tags, params: RoleIdParams, response: { 200: z.object({ ok: z.literal(true) }) } } }, async (req) => {
    await removeRole(db, await staffActor(req), req.params.id);
    return { ok: true as const };
  });
}
