/**
 * /api/account/trade: the storefront side of trade accounts. Apply for one, see its status, and,
 * as a member, its members and orders; the owner invites, changes and removes members. Every route
 * works on the caller's own business (found from their membership), never on an id they send; an
 * order id in a path is looked up inside that business (another business's answers 404).
 */
import {
  MyTrade,
  TradeApplyInput,
  TradeInvitationParams,
  TradeInvitationPreview,
  TradeInviteInput,
  TradeMemberParams,
  TradeMemberUpdateInput,
  TradeMembers,
  TradeOrderDeclineInput,
  TradeOrderParams,
  TradeOrders,
  TradeTokenParams,
} from '@meatshop/shared/trade';
import { TradePriceSheet } from '@meatshop/shared/trade-prices';
import type { App } from '../../app-types.ts';
import { memberPriceSheet } from '../../modules/trade/trade-prices.service.ts';
import { defaultAccess, requireActor } from '../../modules/accounts/access.ts';
import { enforce } from '../../platform/rate-limit.ts';
import { startApprovalExpiryJob } from '../../modules/orders/approval-expiry.ts';
import { approveTradeOrder, declineTradeOrder } from '../../modules/orders/order-approvals.service.ts';
import type { PeriodicJob } from '../../platform/periodic-job.ts';
import {
  acceptInvitation,
  applyForTrade,
  inviteMember,
  myTrade,
  previewInvitation,
  removeMember,
  tradeMembers,
  tradeOrders,
  updateMember,
  withdrawInvitation,
} from '../../modules/trade/trade.service.ts';

export default async function tradeRoutes(app: App) {
  defaultAccess(app, 'customer');
  const { db, config } = app.deps;
  const tags = ['account: trade'];
  const userId = async (req: Parameters<typeof requireActor>[0]) => (await requireActor(req)).userId;

  app.get('/', { schema: { tags, response: { 200: MyTrade } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return myTrade(db, await userId(req));
  });

  app.post('/apply', { schema: { tags, body: TradeApplyInput, response: { 201: MyTrade } } }, async (req, reply) =>
    reply.code(201).send(await applyForTrade(db, await userId(req), req.body)),
  );

  app.get('/members', { schema: { tags, response: { 200: TradeMembers } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return tradeMembers(db, await userId(req));
  });

  app.post(
    '/invitations',
    { config: { errors: ['RATE_LIMITED'] }, schema: { tags, body: TradeInviteInput, response: { 201: TradeMembers } } },
    async (req, reply) => {
      const id = await userId(req);
      // Each invitation sends an email: a cap keeps the form from being a mailer.
      await enforce(db, [{ key: `trade-invite:${id}`, max: 30, windowSeconds: 3600 }]);
      const result = await inviteMember(db, id, req.body, config.publicUrl);
      void app.deps.messages.drain();
      return reply.code(201).send(result);
    },
  );

  app.delete('/invitations/:id', { schema: { tags, params: TradeInvitationParams, response: { 200: TradeMembers } } }, async (req) =>
    withdrawInvitation(db, await userId(req), req.params.id),
  );

  app.patch(
    '/members/:userId',
    { schema: { tags, params: TradeMemberParams, body: TradeMemberUpdateInput, response: { 200: TradeMembers } } },
    async (req) => updateMember(db, await userId(req), req.params.userId, req.body),
  );

  app.delete('/members/:userId', { schema: { tags, params: TradeMemberParams, response: { 200: TradeMembers } } }, async (req) =>
    removeMember(db, await userId(req), req.params.userId),
  );

  // Personal: never in the shared caches (the public listing stays the same for everyone).
  app.get('/prices', { schema: { tags, response: { 200: TradePriceSheet } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return memberPriceSheet(db, await userId(req));
  });

  app.get('/orders', { schema: { tags, response: { 200: TradeOrders } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return tradeOrders(db, await userId(req));
  });

  // A buyer's order held over their limit: the owner or an approver decides (decision 269). Both
  // answer with the business's orders, the decided one in its new status.
  app.post(
    '/orders/:id/approve',
    { config: { errors: ['CONFLICT'] }, schema: { tags, params: TradeOrderParams, response: { 200: TradeOrders } } },
    async (req) => {
      const id = await userId(req);
      await approveTradeOrder(app.deps, id, req.params.id, app.deps.now());
      void app.deps.messages.drain();
      return tradeOrders(db, id);
    },
  );

  app.post(
    '/orders/:id/decline',
    {
      config: { errors: ['CONFLICT'] },
      schema: { tags, params: TradeOrderParams, body: TradeOrderDeclineInput, response: { 200: TradeOrders } },
    },
    async (req) => {
      const id = await userId(req);
      await declineTradeOrder(app.deps, id, req.params.id, req.body.reason, app.deps.now());
      void app.deps.messages.drain();
      return tradeOrders(db, id);
    },
  );

  if (config.backgroundJobs) {
    let job: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      job = startApprovalExpiryJob(app.deps, app.log);
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }

  // Before sign-in too: the invitee sees what they are invited to, then signs in or signs up.
  app.get(
    '/join/:token',
    { config: { access: 'visitor' }, schema: { tags, params: TradeTokenParams, response: { 200: TradeInvitationPreview } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return previewInvitation(db, req.params.token);
    },
  );

  app.post('/join/:token', { schema: { tags, params: TradeTokenParams, response: { 200: MyTrade } } }, async (req) => {
    const actor = await requireActor(req);
    return acceptInvitation(db, { userId: actor.userId, email: actor.email }, req.params.token);
  });
}
