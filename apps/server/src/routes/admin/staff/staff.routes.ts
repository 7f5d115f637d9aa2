/**
 * /api/admin/staff and /api/admin/staff-roles: who works in the back office and what each role may
 * do (the `staff.manage` permission, an Owner's by default).
 */
import {
  AdminAssignStaffInput,
  AdminStaffList,
  AdminStaffMember,
  AdminStaffRole,
  AdminStaffRoleInput,
  AdminStaffRoleList,
} from '@meatshop/shared/staff-permissions';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { requireActor } from '../../../modules/accounts/access.ts';
import {
  assignStaffRole,
  createStaffRole,
  listStaff,
  listStaffRoles,
  removeFromStaff,
  removeStaffRole,
  updateStaffRole,
} from '../../../modules/accounts/staff-roles.service.ts';

const tags = ['admin: staff'];
const RoleParams = z.object({ id: z.string().min(1).max(64) });
const MemberParams = z.object({ userId: z.string().min(1).max(64) });
const Ok = z.object({ ok: z.literal(true) });

export default async function staffRoutes(app: App) {
  const { db } = app.deps;

  app.get('/staff-roles', { schema: { tags, response: { 200: AdminStaffRoleList } } }, async () => ({ roles: await listStaffRoles(db) }));

  app.post(
    '/staff-roles',
    { config: { errors: ['ALREADY_EXISTS'] }, schema: { tags, body: AdminStaffRoleInput, response: { 201: AdminStaffRole } } },
    async (req, reply) => reply.code(201).send(await createStaffRole(db, req.body)),
  );

  app.put(
    '/staff-roles/:id',
    {
      config: { errors: ['ALREADY_EXISTS'] },
      schema: { tags, params: RoleParams, body: AdminStaffRoleInput, response: { 200: AdminStaffRole } },
    },
    (req) => updateStaffRole(db, req.params.id, req.body),
  );

  app.delete('/staff-roles/:id', { schema: { tags, params: RoleParams, response: { 200: Ok } } }, async (req) => {
    await removeStaffRole(db, req.params.id);
    return { ok: true as const };
  });

  app.get('/staff', { schema: { tags, response: { 200: AdminStaffList } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { staff: await listStaff(db) };
  });

  app.put(
    '/staff',
    { config: { errors: ['NOT_FOUND'] }, schema: { tags, body: AdminAssignStaffInput, response: { 200: AdminStaffMember } } },
    async (req) => assignStaffRole(db, await requireActor(req), req.body),
  );

  app.delete('/staff/:userId', { schema: { tags, params: MemberParams, response: { 200: Ok } } }, async (req) => {
    await removeFromStaff(db, await requireActor(req), req.params.userId);
    return { ok: true as const };
  });
}
