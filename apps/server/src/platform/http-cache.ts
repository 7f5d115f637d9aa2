/**
 * Conditional GETs for public reads: an ETag from the serialized body and a Cache-Control chosen by
 * the route (`config.cacheControl`). A repeat visit with If-None-Match gets a bodyless 304. The body
 * is compressed once for all the requests it answers (brotli, else gzip), not once per request: the
 * unfiltered listing of a large catalog is megabytes of JSON.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { acceptedEncoding, COMPRESS_THRESHOLD, compress, type Encoding } from './compression.ts';
import type { FrontCache } from './front-cache.ts';

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

/** What a front-cached route sent, kept from its send until its answer is complete with every header. */
const sent = new WeakMap<object, Buffer | string>();

/**
 * `front`: where routes with `config.frontCache` leave their answers (front-cache.ts); the headers are
 * taken once the answer is out, when every hook has set its own.
 */
export function registerHttpCache(app: FastifyInstance, front?: FrontCache) {
  app.addHook('onSend', async (req, reply, payload) => {
    const config = req.routeOptions.config;
    const cacheControl = config?.cacheControl;
    if (!cacheControl || req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag).header('cache-control', cacheControl);
    const inm = req.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim() === etag)) {
      reply.code(304);
      return '';
    }
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    const body = payload.length < COMPRESS_THRESHOLD || !encoding ? payload : await compressedOf(payload, encoding);
    if (encoding && body !== payload) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    if (front && config.frontCache) sent.set(req.raw, body);
    return body;
  });
  if (front)
    app.addHook('onResponse', async (req, reply) => {
      const body = sent.get(req.raw);
      if (body === undefined || reply.statusCode !== 200) return;
      front.store(req.raw, req.routeOptions.url ?? 'none', reply.getHeaders(), body);
    });
}
