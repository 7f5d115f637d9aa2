/** Reads `application/x-www-form-urlencoded` bodies (the simulator's forms, form-style IPNs) in the calling plugin only. */
import type { FastifyInstance } from 'fastify';

export function parseForm(app: FastifyInstance) {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
