/**
 * The QueryClient's defaults; loaded with TanStack Query by `ensureQueryClient` (query-client.ts),
 * with the observer `useCachedQuery` (cached-query.ts) attaches once it is here.
 */
import { QueryClient } from '@tanstack/react-query';

export { notifyManager, QueryObserver } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries network failures on reads (1 s, 2 s, 4 s).
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
