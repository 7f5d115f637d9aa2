/**
 * The types every route and module shares with the app that builds them: the Fastify instance (`App`)
 * and what it carries (`Deps`). They live apart from app.ts because app.ts imports every route, and
 * a route that imported app.ts for its types would close a circle through all of them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { MessageProviders } from './modules/messages/message-providers.ts';
import type { MessageWorker } from './modules/messages/message-worker.ts';
import type { PushSender } from './modules/notifications/push.service.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import type { Auth } from './platform/auth.ts';
import type { EventHub } from './platform/events.ts';
import type { ErrorReporter } from './platform/error-reports.ts';
import type { FrontCache } from './platform/front-cache.ts';
import type { LocalWrites } from './platform/local-writes.ts';
import type { Metrics } from './platform/metrics.ts';
import type { Storage } from './platform/storage.ts';

export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  events: EventHub;
  storage: Storage;
  /** Pesapal when its keys are set, else the built-in simulator where allowed, else null (cash only). */
  payments: PaymentProvider | null;
  push: PushSender;
  /** The clock rules of the day read (delivery hours, cut-off, cash shifts); tests set it. */
  now: () => Date;
  /** Where customer SMS and email go (outbox unless SMTP / Africa's Talking are configured). */
  messageProviders: MessageProviders;
  /** The customer-message worker; `drain()` sends what is due now (tests await it). */
  messages: MessageWorker;
  /** For work after a commit that cannot fail its request any more (a refund sent after a cancel). */
  log: FastifyBaseLogger;
  /** Prometheus metrics, when they are exposed (METRICS_PORT or METRICS_TOKEN); null otherwise. */
  metrics: Metrics | null;
  /** The error report service (SENTRY_DSN), or null when none is set. */
  errorReports: ErrorReporter | null;
}

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Shutting down: /api/health answers 503 so a load balancer stops sending new requests. */
    startDraining(): void;
    /** Whether startDraining was called: readiness answers 503. */
    isDraining(): boolean;
    /** Every state-changing request through this instance, for what it keeps in memory. */
    localWrites: LocalWrites;
    /** Fresh public reads answered by the HTTP server before the framework (front-cache.ts). */
    frontCache: FrontCache;
  }
}
