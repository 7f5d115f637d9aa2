/**
 * Conditional GETs for public reads: an ETag from the serialized body and a Cache-Control chosen by
 * the route (`config.cacheControl`). A repeat visit with If-None-Match gets a bodyless 304. The body
 * is compressed once for all the requests it answers (brotli, else gzip), not once per request: the
 * unfiltered listing of a large catalog is megabytes of JSON.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { acceptedEncoding, COMPRESS_THRESHOLD, compress, type Encoding } from './compression.ts';

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

const compressed = new Map<string, Promise<Buffer>>();
function compressedOf(payload: string, encoding: Encoding) {
  const key = encoding === 'br' ? payload : `gzip:${payload}`;
  let body = compressed.get(key);
  if (!body) {
    if (compressed.size > 200) compressed.clear();
    body = compress(payload, encoding);
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
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (payload.length < COMPRESS_THRESHOLD || !encoding) return payload;
    reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    return compressedOf(payload, encoding);
  });
}
