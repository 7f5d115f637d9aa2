/** /api/admin/employees, /roles and /riders. */
import {
  ActiveInput,
  AdminCreateEmployeeInput,
  AdminCreateRiderInput,
  AdminEmployee,
  AdminRider,
  AdminUpdateEmployeeInput,
  AdminUpdateRiderInput,
  RiderDeleteResult,
} from '@meatshop/shared/admin-people';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import { createEmployee, listEmployees, setEmployeeActive, updateEmployee } from '../../../modules/accounts/employees.service.ts';
import {
  createRider,
  decideRider,
  deleteRider,
  listRiders,
  setRiderActive,
  updateRider,
} from '../../../modules/delivery/rider-admin.service.ts';

const UuidParams = z.object({ id: z.string().uuid('Invalid id') });
const RiderParams = z.object({ id: z.string().min(1).max(100) });

export default async function peopleRoutes(app: App) {
  const { db, auth } = app.deps;
  const tags = ['admin'];

  // GET /roles (with how many employees hold each) lives in roles.routes.ts.

  app.get('/employees', { config: { permission: 'outlets.manage' }, schema: { tags, response: { 200: z.array(AdminEmployee) } } }, () =>
    listEmployees(db),
  );

  app.post(
    '/employees',
    {
      config: { permission: 'outlets.manage', errors: ['ALREADY_EXISTS'] },
      schema: { tags, body: AdminCreateEmployeeInput, response: { 201: AdminEmployee } },
    },
    async (req, reply) => reply.code(201).send(await createEmployee(db, auth, await staffActor(req), req.body)),
  );

  app.put(
    '/employees/:id',
    {
      config: { permission: 'outlets.manage' },
      schema: { tags, params: UuidParams, body: AdminUpdateEmployeeInput, response: { 200: AdminEmployee } },
    },
    async (req) => updateEmployee(db, await staffActor(req), req.params.id, req.body),
  );

  app.patch(
    '/employees/:id/active',
    { config: { permission: 'outlets.manage' }, schema: { tags, params: UuidParams, body: ActiveInput, response: { 200: AdminEmployee } } },
    async (req) => setEmployeeActive(db, await staffActor(req), req.params.id, req.body.isActive),
  );

  app.get(
    '/riders',
    {
      config: { permission: ['riders.manage', 'dispatch.manage', 'orders.read'] },
      schema: { tags, response: { 200: z.array(AdminRider) } },
    },
    () => listRiders(db),
  );

  app.post(
    '/riders',
    { config: { errors: ['ALREADY_EXISTS'] }, schema: { tags, body: AdminCreateRiderInput, response: { 201: AdminRider } } },
    async (req, reply) => reply.code(201).send(await createRider(db, auth, await staffActor(req), req.body)),
  );

  app.put(
    '/riders/:id',
    { schema: { tags, params: RiderParams, body: AdminUpdateRiderInput, response: { 200: AdminRider } } },
    async (req) => updateRider(db, await staffActor(req), req.params.id, req.body),
  );

  app.patch(
    '/riders/:id/active',
    { schema: { tags, params: RiderParams, body: ActiveInput, response: { 200: AdminRider } } },
    async (req) => setRiderActive(db, await staffActor(req), req.params.id, req.body.isActive),
  );

  // A rider who signed up on their own waits for one of these before they can work.
  app.post('/riders/:id/approve', { schema: { tags, params: RiderParams, response: { 200: AdminRider } } }, async (req) =>
    decideRider(db, await staffActor(req), req.params.id, 'approved'),
  );

  app.post('/riders/:id/decline', { schema: { tags, params: RiderParams, response: { 200: AdminRider } } }, async (req) =>
    decideRider(db, await staffActor(req), req.params.id, 'declined'),
  );

  app.delete('/riders/:id', { schema: { tags, params: RiderParams, response: { 200: RiderDeleteResult } } }, async (req) => ({
    outcome: await deleteRider(db, await staffActor(req), req.params.id),
  }));
}
