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

/** Copy every Set-Cookie (there may be several) from better-auth's answer onto our reply. */
export function copySetCookies(from: Headers, reply: FastifyReply) {
  const cookies = from.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}
