/**
 * `npm run backup [-- --out DIR]` writes a backup folder of the configured shop: its database
 * (DATABASE_URL, else the embedded one under DATA_DIR) and every uploaded file of its store
 * (DATA_DIR/uploads or the S3 bucket); `npm run restore -- FOLDER [--force]` puts both back. See
 * ops/shop-backup.ts. `--schedule` keeps running: a backup into BACKUP_DIR every
 * BACKUP_INTERVAL_MINUTES, keeping the newest BACKUP_KEEP.
 * `--out FILE.dump|FILE.tar.gz` writes the database alone (ops/backup.ts); with `--uploads`: the
 * store's files alone, to a folder and back (ops/uploads-backup.ts, also how files move onto S3).
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { pgliteDir } from '../db/client.ts';
import { createStorage } from '../platform/create-storage.ts';
import { BackupError, backup } from './backup.ts';
import { backupShop, restoreShop, scheduledBackup } from './shop-backup.ts';
import { backupUploads, restoreUploads } from './uploads-backup.ts';

// npm runs workspace scripts in apps/server: paths the person typed are relative to where they were.
const here = process.env.INIT_CWD ?? process.cwd();
const [command, ...rest] = process.argv.slice(2);
const flag = (name: string) => rest.includes(name);
const option = (name: string) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : undefined;
};

try {
  const config = loadConfig();
  const target = { databaseUrl: config.DATABASE_URL, pgliteDir: pgliteDir(config.dataDir) };
  if (flag('--uploads')) {
    const storage = await createStorage(config);
    const from = config.s3 ? `bucket ${config.s3.bucket}` : 'DATA_DIR/uploads';
    if (command === 'backup') {
      const { dir, count } = await backupUploads(storage, path.resolve(here, option('--out') ?? '.'));
      console.log(`${count} files from ${from} copied to ${dir}`);
    } else if (command === 'restore') {
      const dir = rest.find((a) => !a.startsWith('--'));
      if (!dir) throw new BackupError('Usage: npm run restore -- --uploads <folder> [--force]');
      const { copied, kept } = await restoreUploads(storage, path.resolve(here, dir), { force: flag('--force') });
      console.log(`${copied} files copied into ${from}${kept ? `; ${kept} already there were kept (--force replaces them)` : ''}`);
    } else {
      throw new BackupError('Usage: backup-cli.ts backup --uploads [--out DIR] | restore --uploads DIR [--force]');
    }
  } else if (command === 'backup' && flag('--schedule')) {
    const storage = await createStorage(config);
    const every = config.BACKUP_INTERVAL_MINUTES * 60_000;
    console.log(`Backing up every ${config.BACKUP_INTERVAL_MINUTES} minutes into ${config.backupDir}, keeping ${config.BACKUP_KEEP}`);
    const stop = () => process.exit(0);
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    for (;;) {
      // A failed run (the database restarting, a full disk) is reported and tried again next time.
      try {
        const made = await scheduledBackup(target, storage, config.backupDir, config.BACKUP_KEEP);
        console.log(`${new Date().toISOString()} backup written to ${made.dir} (${made.files} files); ${made.removed.length} old removed`);
      } catch (err) {
        console.error(`${new Date().toISOString()} backup failed: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, every));
    }
  } else if (command === 'backup') {
    const out = path.resolve(here, option('--out') ?? '.');
    if (/\.(dump|tar\.gz|tgz)$/.test(out)) {
      console.log(`Backup written to ${await backup(target, out)} (the database only)`);
    } else {
      const made = await backupShop(target, await createStorage(config), out);
      console.log(`Backup written to ${made.dir} (the database and ${made.files} uploaded files)`);
    }
  } else if (command === 'restore') {
    const from = rest.find((a) => !a.startsWith('--'));
    if (!from) throw new BackupError('Usage: npm run restore -- <backup folder or file> [--force]');
    const done = await restoreShop(target, await createStorage(config), path.resolve(here, from), { force: flag('--force') });
    const files =
      done.copied || done.kept ? `, ${done.copied} files into the store${done.kept ? ` (${done.kept} already there kept)` : ''}` : '';
    console.log(`Restored ${from} into ${done.database}${files}`);
  } else {
    throw new BackupError('Usage: backup-cli.ts backup [--out DIR | --schedule] | restore FOLDER [--force] (--uploads: the files alone)');
  }
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
