/** /api/admin/customers: the list, a customer's page, creating one while taking their order, notes staff leave, and blocking. */
import {
  AdminCustomerDetail,
  AdminCustomerListQuery,
  AdminCustomerPage,
  BlockCustomerInput,
  CustomerNote,
  CustomerNoteInput,
} from '@meatshop/shared/admin-customers';
import { AdminNewCustomer, AdminNewCustomerInput } from '@meatshop/shared/staff-orders';
import { StaffOnAccountOffer } from '@meatshop/shared/trade-credit';
import { onAccountOffer } from '../../../modules/trade/credit.service.ts';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import {
  addCustomerNote,
  blockCustomer,
  createCustomerByStaff,
  getCustomer,
  listCustomers,
} from '../../../modules/customers/customers.service.ts';

const CustomerParams = z.object({ id: z.string().min(1).max(100) });

export default async function customersRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['admin'];

  app.get('/customers', { schema: { tags, querystring: AdminCustomerListQuery, response: { 200: AdminCustomerPage } } }, (req) =>
    listCustomers(db, req.query),
  );

  /** A customer who ordered by phone for the first time: a name and phone number, the email optional. */
  // Whoever takes a phone order may add its caller.
  app.post(
    '/customers',
    {
      config: { permission: ['customers.manage', 'orders.edit'], errors: ['ALREADY_EXISTS'] },
      schema: { tags, body: AdminNewCustomerInput, response: { 201: AdminNewCustomer } },
    },
    async (req, reply) => reply.code(201).send(await createCustomerByStaff(db, await staffActor(req), req.body)),
  );

  /** New order: may this customer's order go on their business's account, and with how much credit left. */
  app.get(
    '/customers/:id/on-account',
    {
      config: { permission: ['customers.read', 'orders.edit'] },
      schema: { tags, params: CustomerParams, response: { 200: StaffOnAccountOffer } },
    },
    (req) => onAccountOffer(db, req.params.id, app.deps.now()),
  );

  app.get('/customers/:id', { schema: { tags, params: CustomerParams, response: { 200: AdminCustomerDetail } } }, (req) =>
    getCustomer(db, req.params.id),
  );

  app.post(
    '/customers/:id/notes',
    { schema: { tags, params: CustomerParams, body: CustomerNoteInput, response: { 201: CustomerNote } } },
    async (req, reply) => {
      return reply.code(201).send(await addCustomerNote(db, await staffActor(req), req.params.id, req.body.text));
    },
  );

  /** A blocked customer cannot place orders; the reason is kept for staff. */
  app.post(
    '/customers/:id/block',
    { schema: { tags, params: CustomerParams, body: BlockCustomerInput, response: { 200: AdminCustomerDetail } } },
    async (req) => blockCustomer(db, await staffActor(req), req.params.id, req.body.reason),
  );

  app.post('/customers/:id/unblock', { schema: { tags, params: CustomerParams, response: { 200: AdminCustomerDetail } } }, async (req) =>
    blockCustomer(db, await staffActor(req), req.params.id, null),
  );
}
