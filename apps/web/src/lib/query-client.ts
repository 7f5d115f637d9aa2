/**
 * The app's one QueryClient, created on first need: TanStack Query (about 8 KB gzip) is not part of a
 * first visit to the home page, which fetches nothing through it. Every lazy route and lazy overlay
 * awaits `ensureQueryClient()` before it renders, and AppProviders provides the client as soon as it
 * exists, so no screen that uses a query ever renders without it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

export function ensureQueryClient(): Promise<QueryClient> {
  loading ??= import('./create-query-client').then((m) => {
    client = m.createQueryClient();
    client.mount();
    for (const l of listeners) l();
    return client;
  });
  return loading;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The client once loaded (undefined before): for the root provider. */
export function useLoadedQueryClient() {
  return useSyncExternalStore(
    subscribe,
    () => client,
    () => client,
  );
}

/** Wraps a lazy loader so what it loads renders only once the client exists. */
export function withQueryClient<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), ensureQueryClient()]).then(([m]) => m);
}
