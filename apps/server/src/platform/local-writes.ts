/**
 * Tells what this instance keeps in memory (the public catalog's micro-caches) that a request that
 * may have written went through it. It fires before the reply leaves, after the route's work (and its
 * transaction) is done, so the writer's very next read on this instance is checked against the
 * database instead of served from before the write. Every state-changing request counts, whatever
 * its route: a missed writer would mean a stale storefront, while a write that changed nothing cached
 * costs one small version read (see micro-cache.ts).
 */
import type { FastifyInstance } from 'fastify';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface LocalWrites {
  /** Calls `listener` after every state-changing request; returns the function that stops it. */
  onWrite(listener: () => void): () => void;
}

/** Register on the root instance before the routes, so its hook covers every one of them. */
export function registerLocalWrites(app: FastifyInstance): LocalWrites {
  const listeners = new Set<() => void>();
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!SAFE.has(req.method)) for (const listener of listeners) listener();
    return payload;
  });
  return {
    onWrite(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
