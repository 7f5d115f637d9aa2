/**
 * File storage: a local folder under DATA_DIR by default, or one S3-compatible bucket (S3_* set) that
 * every server instance shares. Keys look like `product-images/abc.jpg`. Either way files reach
 * browsers only through this server: public images at /media, private ones (delivery photos) through
 * guarded API routes, so the bucket itself stays private and both drivers answer with the same headers.
 */
import { constants as fsConstants } from 'node:fs';
import { access, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under `prefix` (all keys for ''), for backups and copies between stores. */
  list(prefix?: string): AsyncIterable<string>;
  publicUrl(key: string): string;
  /** Throws unless the store can be used now (the folder is writable, the bucket answers): readiness. */
  check(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
};

/**
 * A key is used only in its canonical form: a key that normalising would change (`a/../b`, `a/./b`,
 * `a//b`, a leading or trailing `/`) is refused rather than resolved, so no caller's prefix check can
 * be walked around on the way to the disk or the bucket.
 */
export function safeKey(key: string): string {
  const segments = key.split('/');
  if (!segments.every((s) => /^[a-z0-9_-][a-z0-9_.-]*$/i.test(s))) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/** The type a file is served with comes from its key, whatever a store says it holds. */
export function contentTypeOf(key: string) {
  return TYPES[path.extname(key).toLowerCase()];
}

export const typeOf = (key: string) => contentTypeOf(key) ?? 'application/octet-stream';
export const publicUrl = (key: string) => `/media/${safeKey(key)}`;

export function localStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, safeKey(key));
  return {
    driver: 'local',
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, fsConstants.R_OK | fsConstants.W_OK);
    },
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        if (!(await stat(file)).isFile()) return null;
        return { body: await readFile(file), contentType: typeOf(file) };
      } catch {
        return null;
      }
    },
    async exists(key) {
      return (await stat(fileOf(key)).catch(() => null))?.isFile() ?? false;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list(prefix = '') {
      let entries: string[];
      try {
        entries = await readdir(root, { recursive: true });
      } catch {
        return;
      }
      for (const entry of entries.sort()) {
        const key = entry.split(path.sep).join('/');
        if (key.startsWith(prefix) && (await stat(path.join(root, entry))).isFile()) yield key;
      }
    },
    publicUrl,
  };
}
