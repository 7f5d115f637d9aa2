/**
 * A whole shop's backup: one folder `meatshop-<date>-<time>/` holding the database backup
 * (`database.dump` from a PostgreSQL server, `database.tar.gz` of the embedded one, see backup.ts)
 * and `uploads/`, every file of the configured store (DATA_DIR/uploads or the S3 bucket, see
 * uploads-backup.ts), so product images and delivery photos come back with the orders that name them.
 * The folder is written as `<name>.partial` and renamed once complete: a backup folder is never half
 * a backup. The scheduled run keeps the newest BACKUP_KEEP of them.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../platform/storage.ts';
import { BackupError, backup as backupDatabase, restore as restoreDatabase, type Target } from './backup.ts';
import { backupUploads, restoreUploads } from './uploads-backup.ts';

const NAME = /^meatshop-(\d{8}-\d{6})(?:-(\d+))?$/;
const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..+/, '').replace('T', '-');

export interface ShopBackup {
  dir: string;
  database: string;
  files: number;
}

/** Writes a new backup folder inside `outDir` (created if missing) and returns it. */
export async function backupShop(target: Target, storage: Storage, outDir: string): Promise<ShopBackup> {
  await mkdir(outDir, { recursive: true });
  const base = path.join(outDir, `meatshop-${stamp()}`);
  let dir = base;
  for (let n = 2; existsSync(dir) || existsSync(`${dir}.partial`); n++) dir = `${base}-${n}`;
  const partial = `${dir}.partial`;
  await mkdir(partial);
  try {
    const name = target.databaseUrl ? 'database.dump' : 'database.tar.gz';
    await backupDatabase(target, path.join(partial, name));
    const { count } = await backupUploads(storage, path.join(partial, 'uploads'));
    const manifest = {
      createdAt: new Date().toISOString(),
      database: target.databaseUrl ? 'postgresql' : 'embedded',
      store: storage.driver,
      files: count,
    };
    await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, dir);
    return { dir, database: path.join(dir, name), files: count };
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Restores a backup folder: its database into the target (refused when that holds data, unless
 * `force`), then its files into the store (files already there are kept unless `force`). A single
 * database file (an older backup) restores the database alone.
 */
export async function restoreShop(target: Target, storage: Storage, from: string, { force = false } = {}) {
  if (!existsSync(from)) throw new BackupError(`No backup at ${from}.`);
  if (!statSync(from).isDirectory()) return { database: await restoreDatabase(target, from, { force }), copied: 0, kept: 0 };
  const file = ['database.dump', 'database.tar.gz'].map((f) => path.join(from, f)).find((f) => existsSync(f));
  if (!file) throw new BackupError(`${from} is not a shop backup: it has no database.dump or database.tar.gz.`);
  const database = await restoreDatabase(target, file, { force });
  const uploads = path.join(from, 'uploads');
  const { copied, kept } = existsSync(uploads) ? await restoreUploads(storage, uploads, { force }) : { copied: 0, kept: 0 };
  return { database, copied, kept };
}

/** The complete backup folders in `dir`, oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory() && NAME.test(e.name)).map((e) => e.name);
  const key = (n: string) => {
    const m = NAME.exec(n)!;
    return [m[1]!, Number(m[2] ?? 1)] as const;
  };
  return names
    .sort((a, b) => {
      const [sa, na] = key(a);
      const [sb, nb] = key(b);
      return sa === sb ? na - nb : sa < sb ? -1 : 1;
    })
    .map((n) => path.join(dir, n));
}

/** Deletes all but the newest `keep` backup folders of `dir`; returns the deleted ones. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const d of old) await rm(d, { recursive: true, force: true });
  return old;
}

/** One scheduled run: a new backup in `dir`, then the oldest beyond `keep` deleted. */
export async function scheduledBackup(target: Target, storage: Storage, dir: string, keep: number) {
  const made = await backupShop(target, storage, dir);
  const removed = await pruneBackups(dir, keep);
  return { ...made, removed };
}
