/**
 * Route tests run the real app through `inject` against a real database: embedded PGlite always,
 * and a fresh database on the PostgreSQL server when DATABASE_URL is set (dropped afterwards).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { updateShopSettings } from '../src/modules/settings/settings.service.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { ACCOUNTS, DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { type FakeS3, startFakeS3 } from './fixtures/fake-s3.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';

export type Driver = 'pglite' | 'postgres';
export type StorageDriver = 'local' | 's3';
export const ORIGIN = 'http://localhost:3000';

/** The drivers this run covers: PGlite always, the PostgreSQL server when DATABASE_URL is set. */
export const drivers: Driver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Upload tests run on every database driver with each file store: DATA_DIR/uploads and an S3 bucket. */
export const storageMatrix: [Driver, StorageDriver][] = drivers.flatMap((d) => [
  [d, 'local'],
  [d, 's3'],
]);

export interface TestContext {
  app: App;
  database: Database;
  driver: Driver;
  /** The PostgreSQL database of this context (postgres driver only), for a second instance on it. */
  databaseUrl?: string;
  /** The S3-compatible store uploads go to (storage 's3' only). */
  s3?: FakeS3;
  close(): Promise<void>;
}

async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const name = `meatshop_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function openTestDatabase(driver: Driver, reuseUrl?: string) {
  if (driver === 'pglite') {
    // PGLITE_WORKER=false runs the suite with the embedded database on the test's own thread.
    const database = await openDatabase({ dataDir: 'memory://', pgliteWorker: process.env.PGLITE_WORKER !== 'false' });
    return { database, drop: async () => {}, url: undefined };
  }
  // A second server instance on an existing database: the first one's context drops it.
  if (reuseUrl) return { database: await openDatabase({ databaseUrl: reuseUrl, poolSize: 12 }), drop: async () => {}, url: reuseUrl };
  const created = await createPgDatabase();
  return { database: await openDatabase({ databaseUrl: created.url, poolSize: 12 }), drop: created.drop, url: created.url };
}

export interface CreateOptions {
  seed?: boolean;
  env?: Record<string, string>;
  /** Postgres only: open this existing database (another instance's `databaseUrl`) instead of a new one. */
  databaseUrl?: string;
  /** 's3': uploads go to an in-process S3-compatible store (fixtures/fake-s3.ts) instead of DATA_DIR. */
  storage?: StorageDriver;
  /**
   * The shop's per-customer order limits (5 open, 3 a minute) as shipped. By default tests run with
   * generous ones, because they place dozens of orders from the one demo customer within seconds;
   * the limits themselves are tested in orders/order-limits.test.ts.
   */
  shopOrderLimits?: boolean;
}

export async function createTestApp(driver: Driver, opts: CreateOptions = {}): Promise<TestContext> {
  const { database, drop, url } = await openTestDatabase(driver, opts.databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meatshop-test-'));
  const s3 = opts.storage === 's3' ? await startFakeS3() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: ORIGIN,
    // Each test calls the job it checks (expiry, compaction, retention) at the moment it chooses.
    BACKGROUND_JOBS: 'off',
    WEB_DIST: '/nonexistent',
    ...s3?.env,
    ...opts.env,
  });
  const app = await buildApp({ config, database, logger: false });
  if (opts.seed !== false) await seedIfEmpty(app.deps, { info() {} });
  if (!opts.shopOrderLimits)
    await app.deps.db.transaction((tx) => updateShopSettings(tx, { maxOpenOrdersPerCustomer: 100, maxOrdersPerMinute: 60 }, null));
  await app.ready();
  return {
    app,
    database,
    driver,
    databaseUrl: url,
    s3,
    async close() {
      await app.close();
      await database.close();
      await drop();
      await s3?.close();
    },
  };
}

export type DemoRole = keyof typeof ACCOUNTS;

/** Signs in and returns the Cookie header value for later requests. */
export async function signInCookie(app: App, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { origin: ORIGIN }, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res.headers['set-cookie']);
}

export const loginAs = (app: App, role: DemoRole) => signInCookie(app, ACCOUNTS[role].email);

export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
