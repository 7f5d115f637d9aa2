/**
 * `npm run backup [-- --out FILE_OR_DIR]` and `npm run restore -- FILE [--force]`: the configured
 * database (DATABASE_URL, else the embedded one under DATA_DIR). See ops/backup.ts.
 * With `--uploads`: the uploaded files of the configured store (DATA_DIR/uploads, or the S3 bucket)
 * to a folder, and a folder's files back into the store. See ops/uploads-backup.ts.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { pgliteDir } from '../db/client.ts';
import { createStorage } from '../platform/create-storage.ts';
import { BackupError, backup, restore } from './backup.ts';
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
  } else if (command === 'backup') {
    const file = await backup(target, path.resolve(here, option('--out') ?? '.'));
    console.log(`Backup written to ${file}`);
  } else if (command === 'restore') {
    const file = rest.find((a) => !a.startsWith('--'));
    if (!file) throw new BackupError('Usage: npm run restore -- <backup file> [--force]');
    const where = await restore(target, path.resolve(here, file), { force: flag('--force') });
    console.log(`Restored ${file} into ${where}`);
  } else {
    throw new BackupError('Usage: backup-cli.ts backup [--uploads] [--out FILE_OR_DIR] | restore [--uploads] FILE_OR_DIR [--force]');
  }
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
