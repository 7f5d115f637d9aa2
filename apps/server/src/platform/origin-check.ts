/**
 * Cross-site request forgery guard: a state-changing API request that carries an Origin from
 * another site is refused. Browsers always send Origin on cross-origin POSTs; together with
 * SameSite=Lax cookies this closes CSRF without tokens.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerOriginCheck(app: FastifyInstance, config: Config) {
  // The Vite dev server's origin only on a development machine: a live shop (NODE_ENV=production or an
  // https PUBLIC_URL) must not take writes from whatever page a visitor's own machine serves there.
  const devServer = config.NODE_ENV === 'development' && !config.production;
  const allowed = new Set([config.publicUrl, ...(devServer ? ['http://localhost:5173'] : [])]);
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    // Payment providers call the IPN from their own servers.
    if (req.url.startsWith('/api/payments/ipn')) return;
    const origin = req.headers.origin;
    if (!origin) return;
    if (allowed.has(origin)) return;
    const host = req.headers.host;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
    throw forbidden('Cross-site request refused.');
  });
}
