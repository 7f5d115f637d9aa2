/**
 * Picks the store for uploaded files. Apart from storage.ts because the S3 store builds on
 * storage.ts's helpers: the choice sits above both, so neither imports the other back.
 */
import path from 'node:path';
import type { S3Settings } from '../config.ts';
import { localStorage, type Storage } from './storage.ts';

/**
 * The configured store: the bucket when S3 is set up (nothing then goes to local disk), else
 * DATA_DIR/uploads. The AWS SDK takes seconds to load on a small machine, so only a shop that uses it pays.
 */
export async function createStorage(config: { s3: S3Settings | null; dataDir: string }): Promise<Storage> {
  if (!config.s3) return localStorage(path.join(config.dataDir, 'uploads'));
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage(config.s3);
}
