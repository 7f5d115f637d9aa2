/**
 * The database: embedded PGlite under DATA_DIR by default, a PostgreSQL server when DATABASE_URL is
 * set. One Drizzle type for both; migrations applied at start; LISTEN for the realtime bus.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PendingMigrationsError, migrationStates, migrationsFolder } from './migrations.ts';
import { type PgliteProxy, openPgliteWorker } from './pglite-proxy.ts';
import * as schema from './schema.ts';

export { migrationsFolder };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Subscribe to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  /**
   * Connections for the metrics: the pg pool's open, idle and waiting clients; on the embedded
   * database its one connection, busy while statements are outstanding, and those waiting behind it.
   */
  connections(): { open: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; `memory://` for an in-memory database (tests). */
  dataDir?: string;
  poolSize?: number;
  /**
   * Run the embedded database on a worker thread (the default) so a slow statement never holds the
   * HTTP thread; `false` runs it on the calling thread (PGLITE_WORKER=false).
   */
  pgliteWorker?: boolean;
  /**
   * A PostgreSQL server's pending migrations are applied while opening (the default); `false` refuses
   * to open one that has any, for deploys that migrate as a step of their own (MIGRATE_ON_START=false).
   * The embedded database always migrates: only the one server that opens it can.
   */
  migrate?: boolean;
  /**
   * A direct connection to the PostgreSQL server when `databaseUrl` goes through a transaction-pooling
   * pooler (PgBouncer): LISTEN and the migration lock need a session of their own, which a pooler in
   * that mode does not keep, and statements are sent unnamed (see prepared.ts).
   */
  directUrl?: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const db = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.migrate ?? true, opts.directUrl)
    : await openPglite(opts.dataDir ?? 'memory://', opts.pgliteWorker ?? true);
  return db;
}

/** Small buffers keep the embedded server's memory near 300 MB (see STACK-NOTES). */
const PGLITE_CONF = ['shared_buffers=16MB', 'work_mem=2MB', 'maintenance_work_mem=16MB'];

async function openPglite(dataDir: string, onWorker: boolean): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const dir = dataDir.startsWith('memory://') ? undefined : dataDir;
  const client: Pick<PgliteProxy, 'query' | 'listen' | 'close' | 'closed'> & { outstanding?: number } = onWorker
    ? await openPgliteWorker({ dataDir: dir, postgresqlconf: PGLITE_CONF })
    : await PGlite.create({ dataDir: dir, postgresqlconf: PGLITE_CONF });
  // Drizzle's pglite driver uses only query, exec and transaction, which the worker's proxy provides.
  const asPglite = client as unknown as PGlite;
  const db = drizzlePglite({ client: asPglite, schema }) as unknown as Db;
  try {
    await migratePglite(drizzlePglite({ client: asPglite, schema }), { migrationsFolder });
  } catch (err) {
    await client.close();
    throw err;
  }
  return {
    db,
    driver: 'pglite',
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    async ping() {
      await client.query('select 1');
    },
    connections() {
      // On the calling thread PGlite gives no count of what waits: the connection shows idle.
      const outstanding = client.outstanding ?? 0;
      return { open: 1, idle: outstanding === 0 ? 1 : 0, waiting: Math.max(outstanding - 1, 0) };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

// Databases reached through a transaction-pooling pooler: a named prepared statement lives on one
// server connection, and the pooler hands the next transaction another, so none is named there.
const unnamed = new WeakSet<object>();
/** False for a database behind a transaction pooler (see `directUrl`). */
export function mayNameStatements(db: object) {
  return !unnamed.has(db);
}

async function openPostgres(url: string, max: number, migrate: boolean, directUrl?: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  if (directUrl) unnamed.add(db);
  try {
    if (migrate) await migratePostgres(pool, directUrl);
    else {
      const pending = (await migrationStates((q) => pool.query(q))).filter((m) => !m.applied);
      if (pending.length > 0) throw new PendingMigrationsError(pending.map((m) => m.tag));
    }
  } catch (err) {
    await pool.end();
    throw err;
  }

  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const handlers = new Map<string, Set<(p: string) => void>>();
  async function ensureListener() {
    if (listener) return listener;
    const c = new pg.Client({ connectionString: directUrl ?? url, connectionTimeoutMillis: 5_000 });
    c.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    c.on('error', () => {
      // The server went away (restart, network): reconnect and re-subscribe every channel.
      if (listener === c) listener = undefined;
      c.end().catch(() => {});
      scheduleResubscribe(1_000);
    });
    await c.connect();
    listener = c;
    return c;
  }
  /** Keeps trying (1 s, doubling to 15 s) until the listener is back: a long outage must not end live updates. */
  function scheduleResubscribe(delay: number) {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      resubscribe().catch(() => scheduleResubscribe(Math.min(delay * 2, 15_000)));
    }, delay);
    retry.unref();
  }
  async function resubscribe() {
    if (closed) return;
    const c = await ensureListener();
    for (const ch of handlers.keys()) await c.query(`LISTEN "${ch}"`);
  }
  return {
    db,
    driver: 'postgres',
    async listen(channel, onPayload) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel ${channel}`);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await (await ensureListener()).query(`LISTEN "${channel}"`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async ping() {
      await pool.query('select 1');
    },
    connections() {
      return { open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Applies pending migrations; several instances (or a deploy step) may do it at once: one migrates while the others wait on the lock. */
/** The lock is held by a session, so behind a transaction pooler it is taken on the direct connection. */
async function migratePostgres(pool: pg.Pool, directUrl?: string) {
  const direct = directUrl ? new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: 5_000 }) : undefined;
  await direct?.connect();
  const migrator = direct ?? (await pool.connect());
  try {
    await migrator.query('SELECT pg_advisory_lock(724300)');
    await migratePg(drizzlePg({ client: migrator, schema }), { migrationsFolder });
  } finally {
    await migrator.query('SELECT pg_advisory_unlock(724300)').catch(() => {});
    if (direct) await direct.end();
    else (migrator as pg.PoolClient).release();
  }
}

export function pgliteDir(dataDir: string) {
  return path.join(dataDir, 'pglite');
}
