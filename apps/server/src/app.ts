/** Builds the Fastify instance: plugins, routes, error handler. No listen: tests use it through inject. */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { IMAGE_MAX_BYTES } from '@meatshop/shared/constants';
import { createRequire } from 'node:module';
import Fastify, { type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { keepFirstAppSetting } from './modules/settings/app-settings.repository.ts';
import { createPaymentProvider, paymentsNotice } from './modules/payments/create-provider.ts';
import { registerAccess } from './modules/accounts/access.ts';
import { createAuth } from './platform/auth.ts';
import { queueAccountEmail } from './modules/messages/account-messages.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { checkErrorsAreDocumented } from './routes/api-errors.ts';
import { createErrorReporter } from './platform/error-reports.ts';
import { createMetrics } from './platform/metrics.ts';
import { OneLinePerRequest } from './platform/request-log.ts';
import { registerShopMetrics } from './modules/metrics/shop-metrics.ts';
import healthRoutes from './routes/health/health.routes.ts';
import { registerLocalWrites } from './platform/local-writes.ts';
import { createEventHub } from './platform/events.ts';
import { registerOriginCheck } from './platform/origin-check.ts';
import { createRequestIds } from './platform/request-id.ts';
import { createFrontCache } from './platform/front-cache.ts';
import { serializerCompilerWith } from './platform/fast-serializer.ts';
import { registerSecurityHeaders, securityHeaders } from './platform/security-headers.ts';
import { setRateLimitMultiplier } from './platform/rate-limit.ts';
import { registerTextInputGuard } from './platform/text-input.ts';
import { createStorage } from './platform/create-storage.ts';
import seoRoutes from './routes/public/seo.routes.ts';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD, GZIP_LEVEL } from './platform/compression.ts';
import { createPageRenderer, loadWebShell } from './modules/web/app-page.ts';
import { registerRoutes } from './routes/register.ts';
import { apiDocument, describeOperation } from './routes/api-description.ts';
import { startPushDispatcher } from './modules/notifications/push-dispatcher.ts';
import { createPushSender } from './modules/notifications/push.service.ts';
import { createMessageProviders } from './modules/messages/message-providers.ts';
import { startMessageWorker } from './modules/messages/message-worker.ts';

import type { App } from './app-types.ts';

export type { App, Deps } from './app-types.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read the start-up warnings from it). */
  logStream?: { write(line: string): void };
}

export async function buildApp({ config, database, logger = true, logStream }: BuildOptions): Promise<App> {
  const requestLog = new OneLinePerRequest();
  // Half a second: an answer it keeps may already be up to a second old in the catalog's micro-cache,
  // so a change made on another instance shows here within a second and a half at worst.
  const frontCache = createFrontCache({ ttlMs: 500, observe: (...args) => requestLog.observe?.(...args) });
  const app = Fastify({
    // Fresh public reads are answered before the framework sees them (front-cache.ts).
    serverFactory: (handler) =>
      createServer((req, res) => {
        if (!frontCache.serve(req, res)) handler(req, res);
      }),
    logger: logger ? loggerOptions(config, logStream) : false,
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    // A request id the client can quote to support; no stack traces ever leave the server.
    genReqId: createRequestIds(),
    // One line per request at most, not Fastify's two.
    logController: requestLog,
    // A URL the router cannot even parse (bad percent-encoding, bad content-type header) still gets our error shape.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      return (reply as FastifyReply)
        .code(status)
        .send({ error: { code: status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION', message: 'Bad request' } });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompilerWith(serializerCompiler));

  const db = database.db;
  const auth = createAuth(db, config, await authSecret(db, config), {
    sendResetPassword: async (to, link) => {
      await queueAccountEmail(db, 'password_reset', to.email, { name: to.name, publicUrl: config.publicUrl, link });
      void app.deps.messages.drain();
    },
    onPasswordReset: async (to) => {
      await queueAccountEmail(db, 'password_changed', to.email, { name: to.name, publicUrl: config.publicUrl });
      void app.deps.messages.drain();
    },
  });
  const events = createEventHub(database);
  // Only a shop that is scraped measures: without a metrics port or token there is nothing to pay per request.
  const metrics = config.METRICS_PORT !== undefined || config.METRICS_TOKEN ? createMetrics() : null;
  if (metrics) {
    registerShopMetrics(metrics, database, events);
    requestLog.observe = metrics.observeRequest;
  }
  const errorReports = createErrorReporter({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    log: app.log,
  });
  const storage = await createStorage(config);
  const payments = createPaymentProvider(config, db);
  const push = createPushSender(db, config.VAPID_SUBJECT, {
    pushServiceHosts: config.PUSH_SERVICE_HOSTS,
    allowPrivateHosts: config.ALLOW_PRIVATE_HOSTS,
  });
  const messageProviders = createMessageProviders(config);
  const messages = await startMessageWorker({
    db,
    events,
    providers: () => app.deps.messageProviders,
    pollMs: config.MESSAGE_POLL_MS,
    retryBaseMs: config.MESSAGE_RETRY_BASE_MS,
    maxAttempts: config.MESSAGE_MAX_ATTEMPTS,
    log: app.log,
  });
  app.decorate('deps', {
    config,
    database,
    db,
    auth,
    events,
    storage,
    payments,
    push,
    now: () => new Date(),
    messageProviders,
    messages,
    log: app.log,
    metrics,
    errorReports,
  });
  const notice = paymentsNotice(config);
  if (notice) app.log[notice.level](notice.message);
  const stopPush = await startPushDispatcher({ db, events, sender: () => app.deps.push, log: app.log });
  app.addHook('onClose', async () => {
    await messages.stop();
    await stopPush();
    await events.stop();
    await errorReports?.flush();
  });

  setRateLimitMultiplier(config.RATE_LIMIT_MULTIPLIER);
  registerErrorHandler(
    app,
    errorReports
      ? (err, req) => errorReports.capture(err, { request: { method: req.method, url: req.url }, tags: { request_id: String(req.id) } })
      : undefined,
  );
  // The tests drive every refusal the shop has; each must be one its operation documents.
  if (config.NODE_ENV === 'test') checkErrorsAreDocumented(app);
  registerAccess(app, db, auth, { staff2faRequired: config.staff2faRequired });
  registerOriginCheck(app, config);
  app.decorate('localWrites', registerLocalWrites(app));
  app.decorate('frontCache', frontCache);
  app.localWrites.onWrite(() => {
    frontCache.clear();
    // A sign-out, a password change or a role taken away is refused on this instance at once.
    app.forgetCallers();
  });
  registerTextInputGuard(app);

  registerSecurityHeaders(
    app,
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:'],
          // The web app posts its error reports straight to the report service.
          connectSrc: ["'self'", ...(config.SENTRY_DSN ? [new URL(config.SENTRY_DSN).origin] : [])],
          fontSrc: ["'self'", 'data:'],
          frameSrc: ["'self'", 'https://www.openstreetmap.org'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: config.secureCookies,
    }),
  );
  await app.register(fastifyCookie);
  // Pages and API answers cross slow mobile links: brotli at a fast level (or gzip) above 1 KB. The
  // built files are compressed once at build time and sent as they are (serveWeb); the event stream
  // writes to the socket itself and is never buffered.
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 6, fields: 20 } });

  await app.register(fastifySwagger, {
    openapi: apiDocument(config.publicUrl),
    transform: describeOperation,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.decorate('isDraining', () => draining);
  await app.register(healthRoutes);

  await registerRoutes(app);
  await serveWeb(app, config);
  return app;
}

/**
 * Pretty lines for a person at a terminal (development), one JSON object a line for a log collector
 * (everywhere else). pino-pretty is a development dependency: where it is not installed the log stays JSON.
 */
function loggerOptions(config: Config, stream: BuildOptions['logStream']) {
  if (stream) return { level: config.LOG_LEVEL, stream };
  if (config.logFormat === 'pretty') {
    try {
      const target = createRequire(import.meta.url).resolve('pino-pretty');
      return {
        level: config.LOG_LEVEL,
        transport: { target, options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } },
      };
    } catch {
      // Not installed (a production install without development dependencies).
    }
  }
  return { level: config.LOG_LEVEL };
}

/** The auth secret: from AUTH_SECRET, else generated once and kept in the database. */
async function authSecret(db: Db, config: Config): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  return String(await keepFirstAppSetting(db, 'auth_secret', () => randomBytes(32).toString('hex')));
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The built web app: hashed assets cached for a year; every other non-API path is the app's page,
 * with its first data and modules (modules/web/app-page.ts).
 */
async function serveWeb(app: App, config: Config) {
  const root = path.resolve(config.WEB_DIST ?? defaultWebDist);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  const shell = await loadWebShell(root);
  // The web app reports its own errors to the same service: the page names it (apps/web/src/lib/error-reports.ts).
  if (shell.template && config.SENTRY_DSN) {
    const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const meta = `<meta name="error-reports" content="${attr(config.SENTRY_DSN)}" data-environment="${attr(config.SENTRY_ENVIRONMENT ?? config.NODE_ENV)}">`;
    shell.template = shell.template.replace('</head>', `${meta}</head>`);
  }
  const sendPage = createPageRenderer(app, shell);
  // Product pages, sitemap and robots come before the static files and the SPA fallback.
  await app.register(seoRoutes, { sendPage });
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      // The build manifest is for the server (modules/web/app-page.ts), and the source maps for
      // traces on this machine (the code does not link them): neither is for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/') && !pathName.endsWith('.map'),
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (file.endsWith('service-worker.js') || file.endsWith('.html')) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    return sendPage(req, reply);
  });
}
