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

export function safeKey(key: string): string {
  const clean = path.posix.normalize(key).replace(/^\/+/, '');
  if (clean.startsWith('..') || clean.includes('\0') || !/^[a-z0-9][a-z0-9/_.-]*$/i.test(clean))
    throw new Error(`unsafe storage key: ${key}`);
  return clean;
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
