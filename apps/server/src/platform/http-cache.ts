/**
 * Conditional GETs for public reads: an ETag from the serialized body and a Cache-Control chosen by
 * the route (`config.cacheControl`). A repeat visit with If-None-Match gets a bodyless 304. The body
 * is compressed once for all the requests it answers (brotli, else gzip), not once per request: the
 * unfiltered listing of a large catalog is megabytes of JSON.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache-Control for a 200 GET; the response also gets an ETag. */
    cacheControl?: string;
  }
}

// Micro-cached bodies are the same string objects request after request: remember their tags.
const tags = new Map<string, string>();
function etagOf(payload: string) {
  let tag = tags.get(payload);
  if (!tag) {
    if (tags.size > 200) tags.clear();
    tag = `W/"${createHash('sha1').update(payload).digest('base64url').slice(0, 27)}"`;
    tags.set(payload, tag);
  }
  return tag;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const compressed = new Map<string, Promise<Buffer>>();
function compressedOf(payload: string, encoding: 'br' | 'gzip') {
  const key = encoding === 'br' ? payload : `gzip:${payload}`;
  let body = compressed.get(key);
  if (!body) {
    if (compressed.size > 200) compressed.clear();
    body =
      encoding === 'br'
        ? brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: payload.length } })
        : gzipped(payload, { level: 6 });
    compressed.set(key, body);
  }
  return body;
}

export function registerHttpCache(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    const cacheControl = req.routeOptions.config?.cacheControl;
    if (!cacheControl || req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag).header('cache-control', cacheControl);
    const inm = req.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim() === etag)) {
      reply.code(304);
      return '';
    }
    if (payload.length < 1024) return payload;
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (!encoding) return payload;
    reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    return compressedOf(payload, encoding);
  });
}
