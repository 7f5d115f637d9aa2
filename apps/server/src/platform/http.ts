/** Bridges between Fastify's Node request/reply and the Web Headers better-auth speaks. */
import type { FastifyReply, FastifyRequest } from 'fastify';

export function webHeaders(req: FastifyRequest): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) h.append(k, item);
    else h.set(k, String(v));
  }
  return h;
}

/**
 * Copy every Set-Cookie (there may be several) from better-auth's answer onto our reply. A request
 * that arrived over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto) gets Secure
 * cookies even when PUBLIC_URL was left at http.
 */
export function copySetCookies(from: Headers, reply: FastifyReply) {
  const https = reply.request.protocol === 'https';
  const cookies = from.getSetCookie().map((c) => (https && !/;\s*secure\b/i.test(c) ? `${c}; Secure` : c));
  if (cookies.length) reply.header('set-cookie', cookies);
}
