/** Every environment variable the server reads, parsed once at start (nothing else reads process.env). */
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());
/** A comma-separated list of host names, lowercased, IPv6 addresses without brackets. */
const hostList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(',')
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
    );

/** The browsers' web push services (Chrome and most others on FCM, Firefox, Edge, Safari). */
export const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,android.googleapis.com,updates.push.services.mozilla.com,*.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com';

const flag = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : v),
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
    .transform((v) => ['1', 'true', 'on', 'yes'].includes(v))
    .optional(),
);

/**
 * Every setting, with what it does: `description` (and `shown` where the default is not a plain
 * value of the schema) feed docs/settings.md and .env.example (scripts/settings-doc.ts), so the
 * documentation is this schema and cannot drift from it.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').meta({
    description:
      '`production` for a live shop (the container image sets it): a live shop runs no payment simulator unless `PAYMENTS_SIMULATOR` says so, and never trusts the web dev server (`http://localhost:5173`) as an origin. `development` (for `npm start` and `npm run dev`) trusts that origin unless `PUBLIC_URL` is https',
  }),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).meta({ description: 'HTTP port' }),
  HOST: z.string().default('0.0.0.0').meta({
    description:
      'address the server listens on (`127.0.0.1` to accept only connections from this machine, e.g. behind a local reverse proxy)',
  }),
  DATA_DIR: z.string().default('./data').meta({ description: 'embedded database (`pglite/`) and uploaded files (`uploads/`)' }),
  DATABASE_URL: optionalUrl.meta({ description: 'a PostgreSQL server instead of the embedded database' }),
  DATABASE_DIRECT_URL: optionalUrl.meta({
    description:
      'the same PostgreSQL server without the pooler, when `DATABASE_URL` goes through a transaction-pooling pooler (PgBouncer): live events (LISTEN) and migrations use it, and statements are sent unnamed (decision 209)',
  }),
  MIGRATE_ON_START: flag.meta({
    shown: 'on',
    description:
      'apply pending migrations of a PostgreSQL database at start (one instance at a time, under a lock); `false` for a deploy that runs `npm run db:migrate` as its own step: the server then refuses to start on a database that still needs one. The embedded database always migrates',
  }),
  PGLITE_WORKER: flag.meta({
    shown: 'on',
    description:
      'the embedded database on a thread of its own, so a slow query (a report) does not hold other requests; `false` runs it on the HTTP thread',
  }),
  PUBLIC_URL: optionalUrl.meta({
    shown: 'http://localhost:$PORT',
    description: 'where browsers reach the shop (cookies, CSRF origin check, payment callbacks); an https address makes cookies Secure',
  }),
  AUTH_SECRET: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional())
    .meta({ shown: 'generated, kept in the database', description: 'session signing secret (32+ characters)' }),
  S3_ENDPOINT: optionalUrl.meta({ shown: 'AWS', description: "the S3-compatible store's URL (MinIO, R2, B2, Spaces, …)" }),
  S3_BUCKET: optionalString.meta({
    description:
      'keep uploaded files in this bucket instead of `DATA_DIR/uploads` (every instance uses the same one; nothing is written to local disk); required once any `S3_*` is set',
  }),
  S3_ACCESS_KEY_ID: optionalString.meta({
    description: 'the store key; both keys or neither (without them the AWS SDK finds its own credentials)',
  }),
  S3_SECRET_ACCESS_KEY: optionalString.meta({ description: 'the store secret, with `S3_ACCESS_KEY_ID`' }),
  S3_REGION: z
    .string()
    .min(1)
    .default('us-east-1')
    .meta({ description: "the bucket's region (any name works for most S3-compatible stores; AWS wants the bucket's own)" }),
  S3_FORCE_PATH_STYLE: flag.meta({
    shown: 'on with `S3_ENDPOINT`',
    description: '`https://host/bucket/key` addressing, which MinIO and most self-hosted stores need',
  }),
  PESAPAL_CONSUMER_KEY: optionalString.meta({ description: 'real payments through Pesapal (with the secret)' }),
  PESAPAL_CONSUMER_SECRET: optionalString.meta({ description: 'the Pesapal consumer secret' }),
  PESAPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox').meta({ description: 'the Pesapal environment the keys belong to' }),
  PESAPAL_BASE_URL: optionalUrl.meta({ shown: 'per `PESAPAL_ENV`', description: 'another Pesapal host (tests use a fake one)' }),
  PESAPAL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .meta({ description: 'how long one Pesapal call may take before it counts as a network failure' }),
  PAYMENTS_SIMULATOR: flag.meta({
    shown: 'on in development, off on a live shop',
    description:
      'the built-in payment simulator when no Pesapal keys are set; a live shop (`NODE_ENV=production` or an https `PUBLIC_URL`) without keys takes only cash on delivery unless this is `true`, and the server warns at start whenever the simulator is live',
  }),
  GEOCODER_URL: optionalUrl.meta({ description: 'a Nominatim-compatible geocoder instead of the built-in Kampala gazetteer' }),
  MAP_TILES_URL: z
    .string()
    .default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')
    .meta({ description: 'map tile URL template; empty for no tiles (the picker still works)' }),
  SEED_DEMO: flag.meta({
    shown: 'on for the embedded database',
    description: 'seed the demo catalog, outlets and accounts on an empty database',
  }),
  SEED_HISTORY: flag.meta({
    shown: 'on with `SEED_DEMO`',
    description: 'also seed two weeks of demo orders (dashboards, reports and earnings have data)',
  }),
  STAFF_2FA_REQUIRED: flag.meta({
    shown: 'off',
    description:
      'staff whose role asks for it (Owner, Accountant, or a custom role marked so) must set up an authenticator app before using the back office; off, it is offered to every staff member but not forced (the demo)',
  }),
  ADMIN_EMAIL: optionalString.meta({ description: 'the first admin of a real deployment (with `ADMIN_PASSWORD`)' }),
  ADMIN_PASSWORD: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().min(6).optional())
    .meta({ description: "the first admin's password (6+ characters)" }),
  WEB_DIST: optionalString.meta({
    shown: '`apps/web/dist`',
    description: 'the built web app the server sends (its server renderer is read from the `dist-ssr` folder beside it)',
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').meta({ description: 'pino log level' }),
  LOG_FORMAT: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(['pretty', 'json']).optional())
    .meta({
      shown: 'pretty in development, else json',
      description: '`pretty` (readable, for a person at a terminal) or `json` (one object a line, for a log collector)',
    }),
  METRICS_PORT: z
    .preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional())
    .meta({ description: 'serve Prometheus metrics at `GET /metrics` on this port of its own (keep it off the public network)' }),
  METRICS_HOST: optionalString.meta({ shown: '`HOST`', description: 'the address the metrics port listens on' }),
  METRICS_TOKEN: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional())
    .meta({
      description: "serve `/metrics` on the shop's own port to a scraper sending `Authorization: Bearer <token>` (16+ characters)",
    }),
  SENTRY_DSN: optionalUrl.meta({
    description:
      "send error reports (server 500s and crashes, the web app's uncaught errors) to this Sentry-compatible DSN; none are sent without it",
  }),
  SENTRY_ENVIRONMENT: optionalString.meta({
    shown: '`NODE_ENV`',
    description: 'the environment name error reports carry (production, staging, …)',
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl.meta({
    description:
      'traces (OpenTelemetry, OTLP over HTTP) of requests, database statements and outgoing calls go to this collector, e.g. `http://collector:4318`; without it no tracing code is loaded',
  }),
  OTEL_SERVICE_NAME: z.string().min(1).default('meatshop').meta({ description: 'the service name traces carry' }),
  TRUST_PROXY: flag.meta({ shown: 'off', description: 'trust `X-Forwarded-*` from a reverse proxy (set it behind Caddy or nginx)' }),
  VAPID_SUBJECT: z
    .string()
    .default('mailto:hello@kampalaprime.ug')
    .meta({ description: 'web push contact, a `mailto:` or `https:` URL (the keys are generated and kept in the database)' }),
  PUSH_SERVICE_HOSTS: hostList(DEFAULT_PUSH_SERVICE_HOSTS).meta({
    shown:
      "the browsers' push services (`fcm.googleapis.com`, `*.push.services.mozilla.com`, `*.notify.windows.com`, `*.push.apple.com`, …)",
    description:
      'comma-separated hosts whose web-push endpoints are accepted (`*.` matches any subdomain); subscriptions on any other host are refused and never sent to',
  }),
  ALLOW_PRIVATE_HOSTS: hostList('').meta({
    description:
      'host names or addresses the server may reach although they are on a loopback or private network (pasted image URLs, push endpoints); leave empty in production (tests list their stand-in servers)',
  }),
  SMTP_URL: optionalUrl.meta({
    shown: '— (outbox)',
    description:
      'send customer emails over SMTP (`smtp://user:pass@host:587`, `smtps://…`); without it they stay in the outbox (admin Settings > Messages)',
  }),
  SMTP_FROM: z.string().default('Kampala Prime Meats <hello@kampalaprime.ug>').meta({ description: 'sender of customer emails' }),
  AT_USERNAME: optionalString.meta({
    shown: '— (outbox)',
    description: "send customer SMS through Africa's Talking (with `AT_API_KEY`); without both they stay in the outbox",
  }),
  AT_API_KEY: optionalString.meta({ description: "the Africa's Talking API key" }),
  AT_SENDER_ID: optionalString.meta({ description: "sender id or short code registered with Africa's Talking" }),
  AT_BASE_URL: z
    .string()
    .url()
    .default('https://api.africastalking.com')
    .meta({ description: "Africa's Talking host (`https://api.sandbox.africastalking.com` for its sandbox; tests use a local fake)" }),
  MESSAGE_POLL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(600_000)
    .default(5_000)
    .meta({ description: 'how often the message worker looks for due messages (it is also woken by every order event)' }),
  MESSAGE_RETRY_BASE_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600_000)
    .default(30_000)
    .meta({ description: 'first retry delay of a message that failed; each later retry waits twice as long' }),
  MESSAGE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6).meta({ description: 'tries before a message is marked failed' }),
  SUBSTITUTE_REFUSE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10)
    .meta({
      description:
        'how long after the outlet substitutes a short line the customer may refuse the substitute (and only until the rider picks the order up)',
    }),
  RATE_LIMIT_MULTIPLIER: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(1)
    .meta({ description: 'scales every abuse limit, the per-customer order limits included (the browser-test server uses 50)' }),
  RIDER_POSITION_RETENTION_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(24)
    .meta({ description: "how long a closed delivery's rider positions are kept before the retention job deletes them" }),
  COLD_CHAIN_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60).meta({
    description:
      'how often the cold-chain job looks for packed orders near or past their time out of the chiller (limits under Admin > Settings and Categories)',
  }),
  STANDING_ORDER_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60).meta({
    description:
      'how often the standing-order job places the deliveries whose cut-off (Admin > Settings, standing order cut-off) has passed; every instance runs it and each delivery is placed once',
  }),
  RECONCILE_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15)
    .meta({
      description:
        'how often the reconciliation job asks the payment provider about payments it has not confirmed yet; differences appear under Admin > Reports > Payments',
    }),
  RECONCILE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(3)
    .meta({ description: 'how many days back the reconciliation job looks for provider payments to check' }),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000).meta({
    description: 'on SIGTERM: keep serving this long (health answers 503), then finish in-flight requests and end event streams',
  }),
  BACKGROUND_JOBS: flag.meta({
    shown: 'on',
    // Off where something else drives them: the API tests call each job's function directly, and a
    // timer running beside them would race their assertions.
    description:
      'the periodic jobs of this instance (unpaid-order expiry, payment reconciliation, cold-chain alerts, standing orders, catalog version compaction, rider position retention); the API tests turn them off and run each job themselves',
  }),
  BACKUP_DIR: optionalString.meta({
    shown: '`DATA_DIR/backups`',
    description: 'where `npm run backup -- --schedule` writes its backups (each a folder with the database and every uploaded file)',
  }),
  BACKUP_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 31)
    .default(60 * 24)
    .meta({ description: 'how often the scheduled backup runs' }),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7).meta({
    description: 'how many of the newest backups in `BACKUP_DIR` the scheduled backup keeps; older ones are deleted after each new one',
  }),
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(5).meta({
    description:
      'live-event streams (browser tabs) one person may hold at once; opening one more ends their oldest, which reconnects when its tab is shown again',
  }),
});
export type Env = z.infer<typeof EnvSchema>;

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  /** Both or neither: without them the AWS SDK's own credential chain (instance role, AWS_* variables) applies. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

/** Who takes mobile money and card: Pesapal, the simulator, or nobody (cash on delivery only). */
export type PrepaidPayments = 'pesapal' | 'simulator' | 'off';

export interface Config extends Env {
  /** Where the browser reaches us; used for cookies, CSRF origin checks and payment callbacks. */
  publicUrl: string;
  dataDir: string;
  seedDemo: boolean;
  /** Two weeks of demo orders on a fresh demo shop (off for the browser tests). */
  seedHistory: boolean;
  secureCookies: boolean;
  /** A real shop: NODE_ENV=production or an https PUBLIC_URL. */
  production: boolean;
  prepaidPayments: PrepaidPayments;
  /** Uploads go to this bucket when S3_BUCKET is set, else to DATA_DIR/uploads. */
  s3: S3Settings | null;
  /** BACKGROUND_JOBS, on unless set off. */
  backgroundJobs: boolean;
  /** PGLITE_WORKER, on unless set off. */
  pgliteWorker: boolean;
  /** MIGRATE_ON_START, on unless set off. */
  migrateOnStart: boolean;
  /** STAFF_2FA_REQUIRED, off unless set on. */
  staff2faRequired: boolean;
  /** LOG_FORMAT, else pretty in development and JSON everywhere else. */
  logFormat: 'pretty' | 'json';
  /** BACKUP_DIR, else DATA_DIR/backups. */
  backupDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const production = e.NODE_ENV === 'production' || publicUrl.startsWith('https://');
  return {
    ...e,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    // Demo data is on for the embedded default and off against a real server unless asked.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    seedHistory: (e.SEED_DEMO ?? !e.DATABASE_URL) && (e.SEED_HISTORY ?? true),
    secureCookies: publicUrl.startsWith('https://'),
    production,
    prepaidPayments: prepaidPayments(e, production),
    s3: s3Settings(e),
    backgroundJobs: e.BACKGROUND_JOBS ?? true,
    pgliteWorker: e.PGLITE_WORKER ?? true,
    migrateOnStart: e.MIGRATE_ON_START ?? true,
    staff2faRequired: e.STAFF_2FA_REQUIRED ?? false,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
  };
}

/**
 * Without Pesapal keys a live shop must not hand customers a page where any PIN "pays": the
 * simulator then runs only when PAYMENTS_SIMULATOR says so, and mobile money and card are refused.
 */
function prepaidPayments(e: Env, production: boolean): PrepaidPayments {
  if (e.PESAPAL_CONSUMER_KEY && e.PESAPAL_CONSUMER_SECRET) return 'pesapal';
  return (e.PAYMENTS_SIMULATOR ?? !production) ? 'simulator' : 'off';
}

function s3Settings(e: Env): S3Settings | null {
  const partial = e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY || e.S3_FORCE_PATH_STYLE !== undefined;
  if (!e.S3_BUCKET) {
    // Half a configuration would quietly keep uploads on one instance's disk.
    if (partial) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when any S3_* setting is set');
    return null;
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required with the other S3 key`);
  }
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Custom endpoints are nearly always self-hosted stores that have no per-bucket host names.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
  };
}
