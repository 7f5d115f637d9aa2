/**
 * File storage: a local folder under DATA_DIR by default (an S3-compatible store is the production
 * option of ARCHITECTURE.md). Keys look like `product-images/abc.jpg`; public keys are served at /media.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  publicUrl(key: string): string;
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

export function localStorage(root: string): Storage {
  return {
    async put(key, body) {
      const file = path.join(root, safeKey(key));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      const file = path.join(root, safeKey(key));
      try {
        if (!(await stat(file)).isFile()) return null;
        return { body: await readFile(file), contentType: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream' };
      } catch {
        return null;
      }
    },
    publicUrl: (key) => `/media/${safeKey(key)}`,
  };
}

export function contentTypeOf(key: string) {
  return TYPES[path.extname(key).toLowerCase()];
}
