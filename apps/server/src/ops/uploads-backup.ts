/**
 * Uploaded files (product and category images, delivery photos), which the database backup does not
 * hold: copied from the configured store (DATA_DIR/uploads or the S3 bucket) into a plain folder, and
 * from such a folder into the configured store. The same pair moves a shop's files from local disk to
 * a bucket: back up with S3_* unset, restore with S3_* set. Safe while the server runs.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, type Storage, safeKey } from '../platform/storage.ts';
import { BackupError } from './backup.ts';

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..+/, '').replace('T', '-');

/** Copies every stored file into a new folder (inside `out` when it is a folder) and returns it. */
export async function backupUploads(storage: Storage, out = '.') {
  let dir = out;
  if (existsSync(out) && statSync(out).isDirectory()) {
    const base = path.join(out, `meatshop-uploads-${stamp()}`);
    dir = base;
    for (let n = 2; existsSync(dir); n++) dir = `${base}-${n}`;
  }
  if (existsSync(dir) && (await readdir(dir)).length > 0) throw new BackupError(`${dir} is not empty: choose a new folder.`);
  let count = 0;
  for await (const key of storage.list()) {
    const file = await storage.get(key);
    if (!file) continue; // deleted while we listed
    const target = path.join(dir, safeKey(key));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.body);
    count++;
  }
  await mkdir(dir, { recursive: true });
  return { dir, count };
}

/** Puts every file of `dir` into the store under its relative path; files already there are kept unless `force`. */
export async function restoreUploads(storage: Storage, dir: string, { force = false } = {}) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new BackupError(`No uploads folder at ${dir}.`);
  let copied = 0;
  let kept = 0;
  for (const entry of (await readdir(dir, { recursive: true })).sort()) {
    const file = path.join(dir, entry);
    if (!statSync(file).isFile()) continue;
    const key = safeKey(entry.split(path.sep).join('/'));
    if (!force && (await storage.exists(key))) {
      kept++;
      continue;
    }
    await storage.put(key, await readFile(file), contentTypeOf(key) ?? 'application/octet-stream');
    copied++;
  }
  return { copied, kept };
}
