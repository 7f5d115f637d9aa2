/**
 * `npm run db:status` and `npm run db:migrate`, run as a deploy would, on the embedded database and on
 * a PostgreSQL server; and a server told not to migrate at start (MIGRATE_ON_START=false) refusing a
 * database that still needs a migration, then opening it once db:migrate has run.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { journal, PendingMigrationsError } from '../src/db/migrations.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const exec = promisify(execFile);
const base = process.env.DATABASE_URL;
const count = journal().length;

async function npmRun(script: 'db:status' | 'db:migrate', env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && k !== 'DATA_DIR'));
  try {
    const r = await exec('npm', ['run', '--silent', script], { cwd: root, env: { ...clean, ...env } });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('db:status and db:migrate on the embedded database', () => {
  it('lists every migration as pending without creating a database, applies them, then says up to date', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meatshop-dbcli-'));
    const before = await npmRun('db:status', { DATA_DIR: dataDir });
    expect(before.code, before.out).toBe(0);
    expect(before.out).toContain(`${count} of ${count} migrations pending`);
    expect(before.out).toMatch(/pending {2}0000_init/);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(false);

    const migrated = await npmRun('db:migrate', { DATA_DIR: dataDir });
    expect(migrated.code, migrated.out).toBe(0);
    expect(migrated.out).toContain(`${count} migrations applied; up to date`);

    const after = await npmRun('db:status', { DATA_DIR: dataDir });
    expect(after.out).toContain(`up to date (${count} migrations)`);
    expect(after.out).not.toMatch(/^pending/m);
  }, 120_000);
});

describe.skipIf(!base)('db:migrate before the instances start, on PostgreSQL', () => {
  const name = `meatshop_dbcli_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
  const url = (() => {
    if (!base) return '';
    const u = new URL(base);
    u.pathname = `/${name}`;
    return u.toString();
  })();
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('a server that does not migrate refuses the new database until db:migrate has run', async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();

    const refused = await openDatabase({ databaseUrl: url, migrate: false }).catch((e) => e);
    expect(refused).toBeInstanceOf(PendingMigrationsError);
    expect(refused.message).toMatch(/needs \d+ migrations .*npm run db:migrate/);

    const status = await npmRun('db:status', { DATABASE_URL: url });
    expect(status.out).toContain(`${count} of ${count} migrations pending`);
    const migrated = await npmRun('db:migrate', { DATABASE_URL: url });
    expect(migrated.code, migrated.out).toBe(0);
    expect(migrated.out).toContain(`${count} migrations applied`);
    // Again: nothing to do, whichever instance or deploy step runs it.
    expect((await npmRun('db:migrate', { DATABASE_URL: url })).out).toContain('nothing to apply');

    const database = await openDatabase({ databaseUrl: url, migrate: false });
    await database.ping();
    await database.close();
  }, 120_000);
});
