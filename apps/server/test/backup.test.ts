/**
 * `npm run backup` and `npm run restore`, run as a person would, for the embedded database and for a
 * PostgreSQL server: a restored copy in a new place holds the same orders with the same items; a
 * restore refuses to overwrite a database that holds data unless --force; the embedded backup waits
 * for a running server to stop.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, pgliteDir } from '../src/db/client.ts';
import { orderItems, orders } from '../src/db/schema/orders.ts';
import { PID_FILE } from '../src/ops/backup.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { demoIds, insertOrder, outletIds } from './fixtures/rider-orders.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const exec = promisify(execFile);
const base = process.env.DATABASE_URL;

/**
 * `npm run <script> -- args` from the repository root with this environment (or, with `direct`, the
 * same command without npm's own start-up, for the repeat calls); never throws.
 */
async function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>, direct = false) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && k !== 'DATA_DIR'));
  const [cmd, argv, cwd] = direct
    ? [process.execPath, ['--import', 'tsx', 'src/ops/backup-cli.ts', script, ...args], path.join(root, 'apps/server')]
    : ['npm', ['run', '--silent', script, '--', ...args], root];
  try {
    const r = await exec(cmd, argv as string[], { cwd, env: { ...clean, ...env, LOG_LEVEL: 'silent' } });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** A database with the demo shop and a few orders; returns what they look like. */
async function shopWithOrders(opts: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: pgliteDir(opts.dataDir) });
  const config = loadConfig({
    NODE_ENV: 'test',
    BACKGROUND_JOBS: 'off',
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATABASE_URL: opts.databaseUrl,
  });
  const app = await buildApp({ config, database, logger: false });
  await seedIfEmpty(app.deps, { info() {} });
  const db = database.db;
  const { customerId, riderId } = await demoIds(db);
  const [a, b] = await outletIds(db);
  await insertOrder(db, { userId: customerId, outletId: a!, status: 'pending' });
  await insertOrder(db, { userId: customerId, outletId: b!, status: 'assigned', riderId });
  await insertOrder(db, { userId: customerId, outletId: a!, status: 'delivered', riderId });
  const snapshot = await snapshotOf(database);
  await app.close();
  await database.close();
  return snapshot;
}

async function snapshotOf(database: Awaited<ReturnType<typeof openDatabase>>) {
  const rows = await database.db.select().from(orders).orderBy(asc(orders.id));
  const items = await database.db.select().from(orderItems).orderBy(asc(orderItems.id));
  return {
    orders: rows.map((o) => ({ id: o.id, status: o.status, total: o.totalAmount, userId: o.userId, outletId: o.outletId })),
    items: items.map((i) => ({ orderId: i.orderId, productId: i.productId, quantity: i.quantity, price: i.price })),
  };
}

async function snapshotAt(opts: { databaseUrl?: string; dataDir?: string }) {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir ? pgliteDir(opts.dataDir) : undefined });
  try {
    return await snapshotOf(database);
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  it('restores into a new DATA_DIR with the same orders, and refuses to overwrite without --force', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'meatshop-backup-'));
    const source = path.join(tmp, 'source');
    const original = await shopWithOrders({ dataDir: source });
    expect(original.orders.length).toBeGreaterThanOrEqual(3);

    const made = await npmRun('backup', ['--out', path.join(tmp, 'shop.tar.gz')], { DATA_DIR: source });
    expect(made.out).toContain('Backup written to');
    expect(made.code).toBe(0);

    const copy = path.join(tmp, 'copy');
    const restored = await npmRun('restore', [path.join(tmp, 'shop.tar.gz')], { DATA_DIR: copy });
    expect(restored.code, restored.out).toBe(0);
    expect(await snapshotAt({ dataDir: copy })).toEqual(original);

    // The copy now holds data: a second restore must be forced, and keeps the old folder aside.
    const refused = await npmRun('restore', [path.join(tmp, 'shop.tar.gz')], { DATA_DIR: copy }, true);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/already holds a database.*--force/);
    const forced = await npmRun('restore', [path.join(tmp, 'shop.tar.gz'), '--force'], { DATA_DIR: copy }, true);
    expect(forced.code, forced.out).toBe(0);
    expect(forced.out).toMatch(/moved to .*before-restore/);
    expect(await snapshotAt({ dataDir: copy })).toEqual(original);

    // While a server has the folder open (its pid file names a live process), backup refuses.
    writeFileSync(path.join(source, PID_FILE), String(process.ppid));
    const busy = await npmRun('backup', ['--out', path.join(tmp, 'busy.tar.gz')], { DATA_DIR: source }, true);
    expect(busy.code).not.toBe(0);
    expect(busy.out).toMatch(/Stop it first/);
  }, 180_000);
});

describe.skipIf(!base)('backup and restore of a PostgreSQL database', () => {
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
  const names = [`meatshop_bk_src_${suffix}`, `meatshop_bk_dst_${suffix}`];
  const urlOf = (name: string) => {
    const u = new URL(base!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
    await admin.end();
  });

  it('restores into a new database with the same orders, and refuses to overwrite without --force', async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${names[0]}`);
    await admin.end();
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'meatshop-pgbackup-'));
    const original = await shopWithOrders({ databaseUrl: urlOf(names[0]!), dataDir: tmp });

    const made = await npmRun('backup', ['--out', tmp], { DATABASE_URL: urlOf(names[0]!) });
    expect(made.code, made.out).toBe(0);
    // A folder with the database and the uploaded files (restore-drill.test.ts checks the files).
    const file = made.out.match(/Backup written to (\S+)/)![1]!;
    expect(existsSync(path.join(file, 'database.dump'))).toBe(true);

    // The target database does not exist yet: restore creates it.
    const restored = await npmRun('restore', [file], { DATABASE_URL: urlOf(names[1]!) });
    expect(restored.code, restored.out).toBe(0);
    expect(await snapshotAt({ databaseUrl: urlOf(names[1]!) })).toEqual(original);

    const refused = await npmRun('restore', [file], { DATABASE_URL: urlOf(names[1]!) }, true);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/already holds \d+ tables.*--force/);
    const forced = await npmRun('restore', [file, '--force'], { DATABASE_URL: urlOf(names[1]!) }, true);
    expect(forced.code, forced.out).toBe(0);
    expect(await snapshotAt({ databaseUrl: urlOf(names[1]!) })).toEqual(original);

    // A backup of one kind is not restored into the other.
    const wrong = await npmRun('restore', [file], { DATA_DIR: path.join(tmp, 'embedded') }, true);
    expect(wrong.code).not.toBe(0);
    expect(wrong.out).toMatch(/PostgreSQL backup/);
  }, 180_000);
});
