/**
 * Security headers, computed once at start instead of per request. Pages, files and anything else a
 * browser renders get helmet's full set (the CSP the web app runs under, HSTS when the shop is on
 * HTTPS, COOP, CORP…). An API answer in JSON is data, never a document: it gets a short set that
 * still stops sniffing, framing, referrer leaks and any rendering (`default-src 'none'`). Helmet's
 * own plugin rebuilt its middleware on every request; its eleven headers on every JSON answer were a
 * visible share of the CPU of the cached listing.
 *
 * Applied when the answer is sent, so the content type is known, and never over a header the route
 * set itself (the media sandbox, the payment page's referrer policy).
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaders {
  /** Every answer that is not JSON: helmet's full set. */
  page: [string, string][];
  /** JSON answers. */
  api: [string, string][];
}

/** The headers helmet would set with these options, read by running it once against a stand-in response. */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const set: [string, string][] = [];
  const res = {
    setHeader(name: string, value: string) {
      set.push([name.toLowerCase(), String(value)]);
    },
    removeHeader() {},
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return set;
}

export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const page = helmetHeaders(options);
  // The same values as the pages for what both carry, so the two sets cannot drift apart.
  const kept = new Set([
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-resource-policy',
    'strict-transport-security',
  ]);
  const api: [string, string][] = [
    ['content-security-policy', "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'"],
    ...page.filter(([name]) => kept.has(name)),
  ];
  return { page, api };
}

export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders) {
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const set = typeof type === 'string' && type.startsWith('application/json') ? headers.api : headers.page;
    for (const [name, value] of set) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
