/**
 * The front cache: a public read that was just answered is answered again, for about a second, by
 * the HTTP server itself, before the framework sees the request: its status, headers and (compressed)
 * body as Fastify last sent them for the same URL and encoding. The micro-cache already spared the
 * database; what remained on a hit was the framework's own path (routing, hooks, validation, headers),
 * two thirds of the CPU of the cached listing, while a bare Node server answers the same bytes three
 * times as fast.
 *
 * Only routes that opt in (`config.frontCache`) are stored, and only 200 answers that set no cookie.
 * An entry is served while it is fresh (a short time to live, set by the app) and while nothing wrote
 * through this instance since it was taken (`clear()`, on every state-changing request), so what a
 * shop manager has just changed shows on the next request, as before. A request that began before a
 * write stores nothing: it may have read the data from before.
 *
 * A hit is counted in the request metrics under its route; it writes no log line (an access log is
 * the reverse proxy's), and it skips the per-address rate limits of public reads, which guard the
 * database that a hit does not touch.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { acceptedEncoding } from './compression.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET whose 200 answer depends on nothing but its URL: kept by the front cache. */
    frontCache?: boolean;
  }
}

interface Entry {
  headers: OutgoingHttpHeaders;
  body: Buffer | string;
  etag: string | undefined;
  /** The route's pattern, for the request metrics. */
  route: string;
  expires: number;
  generation: number;
}

export interface FrontCache {
  /** Answers the request from a fresh entry and returns true, or returns false and leaves it untouched. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Keeps an answer just sent, unless a write came through since the request began. */
  store(req: IncomingMessage, route: string, headers: Record<string, string | number | string[] | undefined>, body: Buffer | string): void;
  /** Everything held is dropped: something may have changed. */
  clear(): void;
  /** Requests answered from an entry since start. */
  readonly hits: number;
}

export interface FrontCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  /** Sees every hit, as the framework's request log would (the request metrics). */
  observe?: (method: string, route: string, status: number, seconds: number) => void;
  now?: () => number;
}

/** Headers that belong to one answer, never repeated from another. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie']);

const startedIn = new WeakMap<IncomingMessage, number>();

const keyOf = (req: IncomingMessage) => `${acceptedEncoding(req.headers['accept-encoding']) ?? 'identity'} ${req.url}`;

export function createFrontCache({ ttlMs, maxEntries = 200, observe, now = Date.now }: FrontCacheOptions): FrontCache {
  let entries = new Map<string, Entry>();
  let generation = 0;
  let hits = 0;

  return {
    serve(req, res) {
      if (req.method !== 'GET') return false;
      const entry = entries.get(keyOf(req));
      if (!entry || entry.generation !== generation || entry.expires <= now()) {
        startedIn.set(req, generation);
        return false;
      }
      const started = observe ? performance.now() : 0;
      const inm = req.headers['if-none-match'];
      const notModified = entry.etag !== undefined && inm?.split(',').some((t) => t.trim() === entry.etag) === true;
      if (notModified) {
        // As the framework answers a matching tag: the same headers, no body.
        const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = entry.headers;
        res.writeHead(304, headers);
        res.end();
      } else {
        res.writeHead(200, entry.headers);
        res.end(entry.body);
      }
      hits++;
      observe?.('GET', entry.route, notModified ? 304 : 200, (performance.now() - started) / 1000);
      return true;
    },
    store(req, route, headers, body) {
      const began = startedIn.get(req);
      if (began !== generation || req.method !== 'GET') return;
      if (headers['set-cookie'] !== undefined) return;
      const kept: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(headers)) if (value !== undefined && !PER_ANSWER.has(name)) kept[name] = value;
      if (entries.size >= maxEntries) entries = new Map();
      const etag = typeof kept.etag === 'string' ? kept.etag : undefined;
      entries.set(keyOf(req), { headers: kept, body, etag, route, expires: now() + ttlMs, generation });
    },
    clear() {
      generation++;
      entries = new Map();
    },
    get hits() {
      return hits;
    },
  };
}
