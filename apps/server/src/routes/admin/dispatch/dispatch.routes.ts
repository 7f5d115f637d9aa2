/** /api/admin: customer messages (the outbox) and riders' cash on delivery. */
import { CashHandoverInput, CashOverview, CashReverseInput, HandoverIdParams, RiderCash } from '@meatshop/shared/cash';
import { AdminMessagesQuery, AdminMessagesResponse } from '@meatshop/shared/messages';
import type { App } from '../../../app-types.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import { cashOverview, recordHandover, reverseHandover } from '../../../modules/delivery/cash.service.ts';
import { listMessages } from '../../../modules/messages/messages.service.ts';
import { defaultAccess } from '../../../modules/accounts/access.ts';

export default async function deliveryOpsRoutes(app: App) {
  defaultAccess(app, 'admin');
  const { db } = app.deps;

  app.get(
    '/messages',
    {
      config: { permission: 'customers.read' },
      schema: { tags: ['admin: messages'], querystring: AdminMessagesQuery, response: { 200: AdminMessagesResponse } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const p = app.deps.messageProviders;
      return { messages: await listMessages(db, req.query), providers: { sms: p.sms.name, email: p.email.name } };
    },
  );

  app.get('/cash', { schema: { tags: ['admin: cash'], response: { 200: CashOverview } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { ...(await cashOverview(db, app.deps.now())), canRecord: true };
  });

  app.post(
    '/cash/handovers',
    { schema: { tags: ['admin: cash'], body: CashHandoverInput, response: { 201: RiderCash } } },
    async (req, reply) => {
      const receiver = { ...(await staffActor(req)), outletId: null };
      return reply.code(201).send(await recordHandover(db, receiver, req.body, app.deps.now()));
    },
  );

  app.post(
    '/cash/handovers/:id/reverse',
    { schema: { tags: ['admin: cash'], params: HandoverIdParams, body: CashReverseInput, response: { 201: RiderCash } } },
    async (req, reply) => {
      const by = { ...(await staffActor(req)), outletId: null };
      return reply.code(201).send(await reverseHandover(db, by, req.params.id, req.body.reason, app.deps.now()));
    },
  );
}
