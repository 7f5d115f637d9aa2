/**
 * The app's one QueryClient, created on first need: TanStack Query (about 8 KB gzip) is not part of a
 * first visit to a page that fetches nothing through it. Every lazy route and lazy overlay awaits
 * `ensureQueryClient()` before it renders, and AppProviders provides the client as soon as it exists,
 * so no screen that uses a query ever renders without it; the listing and the product page are the
 * exception: they render from the page's data first and load it after (cached-query.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type * as QueryLibrary from './create-query-client';

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
/** The loaded library's observer, for `useCachedQuery` (cached-query.ts). */
export let queryLibrary: typeof QueryLibrary | undefined;
const listeners = new Set<() => void>();

export function ensureQueryClient(): Promise<QueryClient> {
  loading ??= import('./create-query-client').then(
    (m) => {
      queryLibrary = m;
      client = m.createQueryClient();
      client.mount();
      for (const l of listeners) l();
      return client;
    },
    (error: unknown) => {
      // A failed download (offline) is asked for again on the next need.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export const onQueryClient = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The client once loaded, undefined before. */
export const loadedQueryClient = () => client;

/** The client once loaded (undefined before): for the root provider. */
export function useLoadedQueryClient() {
  return useSyncExternalStore(
    onQueryClient,
    () => client,
    () => client,
  );
}

/** Wraps a lazy loader so what it loads renders only once the client exists. */
export function withQueryClient<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), ensureQueryClient()]).then(([m]) => m);
}
