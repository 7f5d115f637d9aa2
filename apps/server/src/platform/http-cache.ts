/**
 * Conditional GETs for public reads: an ETag from the serialized body and a Cache-Control chosen by
 * the route (`config.cacheControl`). A repeat visit with If-None-Match gets a bodyless 304.
 */
import { createHash } from 'node:crypto';
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
    return payload;
  });
}
