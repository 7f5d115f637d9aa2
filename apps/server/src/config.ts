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

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** The embedded database on a thread of its own (default), or on the HTTP thread when set off. */
  PGLITE_WORKER: flag,
  PUBLIC_URL: optionalUrl,
  AUTH_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Any name works for most S3-compatible stores; AWS wants the bucket's own region. */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** `bucket` in the path rather than the host name: what MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: flag,
  PESAPAL_CONSUMER_KEY: optionalString,
  PESAPAL_CONSUMER_SECRET: optionalString,
  PESAPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  PESAPAL_BASE_URL: optionalUrl,
  /** How long one Pesapal call may take before it counts as a network failure. */
  PESAPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The built-in payment simulator without Pesapal keys: on in development, off in production unless set. */
  PAYMENTS_SIMULATOR: flag,
  GEOCODER_URL: optionalUrl,
  MAP_TILES_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  SEED_DEMO: flag,
  SEED_HISTORY: flag,
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(6).optional()),
  WEB_DIST: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (readable, for a person at a terminal) or `json` (one object a line, for a log collector); pretty in development. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Prometheus metrics at GET /metrics on this port of their own (keep it off the public network). */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** The address the metrics port listens on (HOST when unset). */
  METRICS_HOST: optionalString,
  /** Prometheus metrics at /metrics on the shop's own port, for a scraper sending `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  /** Error reports (server and web app) to this Sentry-compatible DSN; none are sent without it. */
  SENTRY_DSN: optionalUrl,
  /** The environment name error reports carry (production, staging, …); NODE_ENV when unset. */
  SENTRY_ENVIRONMENT: optionalString,
  /**
   * Traces (OpenTelemetry, OTLP over HTTP) of requests, database statements and outgoing calls go to
   * this collector, e.g. http://collector:4318. Without it the tracing code is not even loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_SERVICE_NAME: z.string().min(1).default('meatshop'),
  TRUST_PROXY: flag,
  /** What a rider earns per delivered order, plus per km from the outlet to the customer (UGX). */
  /** Web push contact (VAPID subject): a mailto: or https: URL. */
  VAPID_SUBJECT: z.string().default('mailto:hello@kampalaprime.ug'),
  /** Push endpoints are accepted only on these hosts (`*.` matches any subdomain): the server POSTs to them. */
  PUSH_SERVICE_HOSTS: hostList(DEFAULT_PUSH_SERVICE_HOSTS),
  /**
   * Hosts the server may reach although they are on a private or loopback network (pasted image
   * URLs, push endpoints). Empty by default; tests name their stand-in servers on 127.0.0.1.
   */
  ALLOW_PRIVATE_HOSTS: hostList(''),
  // Customer messages. Without SMTP_URL / Africa's Talking keys, messages go to the
  // outbox kept in the database, which the admin reads under Settings > Messages.
  SMTP_URL: optionalUrl,
  SMTP_FROM: z.string().default('Kampala Prime Meats <hello@kampalaprime.ug>'),
  AT_USERNAME: optionalString,
  AT_API_KEY: optionalString,
  /** Sender id or short code registered with Africa's Talking (optional). */
  AT_SENDER_ID: optionalString,
  AT_BASE_URL: z.string().url().default('https://api.africastalking.com'),
  /** How often the message worker looks for due messages; it is also woken by every order event. */
  MESSAGE_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  /** First retry delay; each later retry waits twice as long. */
  MESSAGE_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  MESSAGE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  /** How long a closed delivery's rider positions are kept before the retention job deletes them. */
  RIDER_POSITION_RETENTION_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(24),
  /** How often the reconciliation job asks the payment provider about payments it has not confirmed yet. */
  RECONCILE_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** How many days back the reconciliation job looks for provider payments to check. */
  RECONCILE_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  /** On SIGTERM, how long to keep serving (health 503) before closing: requests already sent are not reset. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * The periodic housekeeping jobs (unpaid-order expiry, payment reconciliation, catalog version compaction, rider position
   * retention). Off where something else drives them: the API tests call each job's function
   * directly, and a timer running beside them would race their assertions.
   */
  BACKGROUND_JOBS: flag,
  /** Live-event streams one person may hold (a tab each); one more ends their oldest. */
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(5),
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
  /** LOG_FORMAT, else pretty in development and JSON everywhere else. */
  logFormat: 'pretty' | 'json';
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
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
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
