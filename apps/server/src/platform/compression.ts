/**
 * Compression of what the server writes for slow mobile links: brotli at a fast level, else gzip,
 * for bodies of 1 KB or more. Used by the compress plugin (app.ts), the cached public reads
 * (http-cache.ts) and the app's pages (modules/web/app-page.ts), which the plugin's route hooks miss.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export const COMPRESS_THRESHOLD = 1024;
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding to answer with for an Accept-Encoding header, or null (send as it is). */
export function acceptedEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepts = String(acceptEncoding ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
}

export function compress(body: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipped(body, { level: GZIP_LEVEL });
}
