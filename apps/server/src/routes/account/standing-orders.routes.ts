/**
 * /api/account/trade/standing-orders: the business's standing orders. Every member sees them; the
 * owner and buyers create, change, pause and resume them and skip or change one occurrence until
 * its cut-off. Like every trade route, the business is the caller's own (from their membership).
 * The job that places them at the cut-off runs here on every instance; its claim places each once.
 */
import {
  OccurrenceInput,
  OccurrenceParams,
  StandingOrderInput,
  StandingOrderParams,
  StandingOrders,
  StandingOrderStatusInput,
} from '@meatshop/shared/standing-orders';
import type { App } from '../../app-types.ts';
import { defaultAccess, requireActor } from '../../modules/accounts/access.ts';
import type { PeriodicJob } from '../../platform/periodic-job.ts';
import { startStandingOrderJob } from '../../modules/trade/standing-orders-job.ts';
import {
  createStandingOrder,
  myStandingOrders,
  setOccurrence,
  setStandingOrderStatus,
  updateStandingOrderFor,
} from '../../modules/trade/standing-orders.service.ts';

export default async function standingOrderRoutes(app: App) {
  defaultAccess(app, 'customer');
  const { db, config } = app.deps;
  const tags = ['account: trade'];
  const userId = async (req: Parameters<typeof requireActor>[0]) => (await requireActor(req)).userId;
  const response = { 200: StandingOrders };

  app.get('/', { schema: { tags, response } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return myStandingOrders(db, await userId(req), app.deps.now());
  });

  app.post('/', { schema: { tags, body: StandingOrderInput, response: { 201: StandingOrders } } }, async (req, reply) =>
    reply.code(201).send(await createStandingOrder(db, await userId(req), req.body, app.deps.now())),
  );

  app.put('/:id', { schema: { tags, params: StandingOrderParams, body: StandingOrderInput, response } }, async (req) =>
    updateStandingOrderFor(db, await userId(req), req.params.id, req.body, app.deps.now()),
  );

  app.post('/:id/status', { schema: { tags, params: StandingOrderParams, body: StandingOrderStatusInput, response } }, async (req) =>
    setStandingOrderStatus(db, await userId(req), req.params.id, req.body.status, app.deps.now()),
  );

  app.put(
    '/:id/occurrences/:date',
    { config: { errors: ['CONFLICT'] }, schema: { tags, params: OccurrenceParams, body: OccurrenceInput, response } },
    async (req) => setOccurrence(db, await userId(req), req.params.id, req.params.date, req.body, app.deps.now()),
  );

  app.delete(
    '/:id/occurrences/:date',
    { config: { errors: ['CONFLICT'] }, schema: { tags, params: OccurrenceParams, response } },
    async (req) => setOccurrence(db, await userId(req), req.params.id, req.params.date, null, app.deps.now()),
  );

  if (config.backgroundJobs) {
    let job: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      job = startStandingOrderJob(
        db,
        app.deps.now,
        config.publicUrl,
        () => void app.deps.messages.drain(),
        app.log,
        config.STANDING_ORDER_CHECK_SECONDS * 1000,
      );
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }
}
