/**
 * Backups of the shop's database, for both ways it runs:
 * - a PostgreSQL server (DATABASE_URL): `pg_dump --format=custom` to a `.dump` file, restored with
 *   `pg_restore`;
 * - the embedded database (PGlite under DATA_DIR): PGlite's own `dumpDataDir` to a `.tar.gz` of the
 *   data folder, restored by opening a new folder from it. PGlite has no lock, so the server must be
 *   stopped: the server keeps a pid file in its data folder and the backup refuses while it runs.
 * A restore never overwrites a database or folder that already holds data unless told to (--force);
 * a forced embedded restore keeps the old folder beside the new one.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const run = promisify(execFile);

export class BackupError extends Error {}

/** The pid file the server writes into the embedded data folder while it has it open. */
export const PID_FILE = 'server.pid';

export function writePidFile(pgliteDir: string) {
  const file = path.join(pgliteDir, '..', PID_FILE);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

export function runningServerPid(pgliteDir: string): number | undefined {
  const file = path.join(pgliteDir, '..', PID_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!pid || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..+/, '').replace('T', '-');

export interface Target {
  databaseUrl?: string;
  /** The PGlite data folder (DATA_DIR/pglite). */
  pgliteDir: string;
}

/** Writes a backup and returns its path. `out` may be a file or a folder (default: the current folder). */
export async function backup(target: Target, out = '.'): Promise<string> {
  const isDir = existsSync(out) && statSync(out).isDirectory();
  if (target.databaseUrl) {
    const file = isDir ? path.join(out, `meatshop-${stamp()}.dump`) : out;
    await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${target.databaseUrl}`]);
    return file;
  }
  if (!existsSync(path.join(target.pgliteDir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${target.pgliteDir}.`);
  const pid = runningServerPid(target.pgliteDir);
  if (pid) throw new BackupError(`The server (pid ${pid}) has ${target.pgliteDir} open. Stop it first: the embedded database has no lock.`);
  const file = isDir ? path.join(out, `meatshop-${stamp()}.tar.gz`) : out;
  const client = await PGlite.create({ dataDir: target.pgliteDir });
  try {
    const blob = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await blob.arrayBuffer()));
  } finally {
    await client.close();
  }
  return file;
}

/** Restores a backup into the target; refuses a target that holds data unless `force`. */
export async function restore(target: Target, file: string, { force = false } = {}): Promise<string> {
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}.`);
  const embedded = file.endsWith('.tar.gz') || file.endsWith('.tgz');
  if (target.databaseUrl) {
    if (embedded) throw new BackupError('That is a backup of the embedded database; restore it with DATABASE_URL unset.');
    await ensureDatabase(target.databaseUrl);
    const tables = await tableCount(target.databaseUrl);
    if (tables > 0 && !force)
      throw new BackupError(`The database already holds ${tables} tables. Restore into an empty database, or add --force to replace it.`);
    await pgTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      ...(tables > 0 ? ['--clean', '--if-exists'] : []),
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return target.databaseUrl.replace(/\/\/[^@]*@/, '//');
  }
  if (!embedded) throw new BackupError('That is a PostgreSQL backup; restore it with DATABASE_URL set to the target database.');
  const dir = target.pgliteDir;
  const pid = runningServerPid(dir);
  if (pid) throw new BackupError(`The server (pid ${pid}) has ${dir} open. Stop it first.`);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!force) throw new BackupError(`${dir} already holds a database. Restore into a new DATA_DIR, or add --force to replace it.`);
    const aside = `${dir}.before-restore-${stamp()}`;
    renameSync(dir, aside);
    console.log(`The old database was moved to ${aside}.`);
  }
  mkdirSync(path.dirname(dir), { recursive: true });
  const blob = new Blob([await readFile(file)]);
  const client = await PGlite.create({ dataDir: dir, loadDataDir: blob });
  await client.query('select 1');
  await client.close();
  return dir;
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as { code?: string; stderr?: string; message: string };
    if (e.code === 'ENOENT') throw new BackupError(`${tool} was not found on PATH: install the PostgreSQL client tools.`);
    throw new BackupError(`${tool} failed: ${(e.stderr || e.message).trim()}`);
  }
}

async function ensureDatabase(url: string) {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    await c.end();
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
    const u = new URL(url);
    const name = decodeURIComponent(u.pathname.slice(1));
    u.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: u.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    await admin.end();
  }
}

async function tableCount(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return r.rows[0].n as number;
  } finally {
    await c.end();
  }
}
