/**
 * What a load balancer, an orchestrator and Prometheus ask: is the process alive (`/api/health/live`:
 * it answers, nothing else is checked, so a slow database never gets it restarted), may it take
 * traffic (`/api/health/ready`: the database and the file store answer, and it is not shutting
 * down; `/api/health` as before is the same), and the metrics. The usual short names (`/livez`, `/readyz`, `/healthz`) answer the same;
 * `/metrics` without a token setting is a 404, never the storefront page.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { METRICS_CONTENT_TYPE } from '../../platform/metrics.ts';

/** A check slower than this counts as failed: the probe must answer before the prober gives up. */
const CHECK_TIMEOUT_MS = 3_000;

type CheckState = 'ok' | 'failed';

function within<T>(p: Promise<T>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export default async function healthRoutes(app: App) {
  const { database, storage, config } = app.deps;
  const hidden = { hide: true } as const;
  const visitor = { access: 'visitor' } as const;

  const live = async () => ({ status: 'ok' });

  async function ready(_req: FastifyRequest, reply: FastifyReply) {
    if (app.isDraining()) return reply.code(503).send({ error: { code: 'UNAVAILABLE', message: 'Shutting down' } });
    const [db, files] = await Promise.allSettled([within(database.ping(), CHECK_TIMEOUT_MS), within(storage.check(), CHECK_TIMEOUT_MS)]);
    const checks: Record<'database' | 'storage', CheckState> = {
      database: db.status === 'fulfilled' ? 'ok' : 'failed',
      storage: files.status === 'fulfilled' ? 'ok' : 'failed',
    };
    const failed = (Object.keys(checks) as (keyof typeof checks)[]).filter((k) => checks[k] === 'failed');
    if (failed.length) {
      for (const k of failed) {
        const reason = (k === 'database' ? db : files) as PromiseRejectedResult;
        reply.log.warn({ check: k, err: reason.reason }, 'not ready');
      }
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({
          error: { code: 'UNAVAILABLE', message: `${failed.join(' and ').replace(/^./, (c) => c.toUpperCase())} unavailable` },
          checks,
        });
    }
    reply.header('cache-control', 'no-store');
    return { status: 'ok', checks, database: database.driver, storage: storage.driver };
  }

  app.get('/api/health/live', { config: visitor, schema: hidden }, live);
  app.get('/api/health/ready', { config: visitor, schema: hidden }, ready);
  // The address balancers were given before live and ready were apart: readiness.
  app.get('/api/health', { config: visitor, schema: hidden }, ready);
  app.get('/livez', { config: visitor, schema: hidden }, live);
  app.get('/readyz', { config: visitor, schema: hidden }, ready);
  app.get('/healthz', { config: visitor, schema: hidden }, ready);

  const token = config.METRICS_TOKEN ? Buffer.from(`Bearer ${config.METRICS_TOKEN}`) : null;
  app.get('/metrics', { config: visitor, schema: hidden }, async (req, reply) => {
    const metrics = app.deps.metrics;
    if (!token || !metrics) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== token.length || !timingSafeEqual(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'UNAUTHENTICATED', message: 'A metrics token is required' } });
    }
    return reply
      .header('content-type', METRICS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}
