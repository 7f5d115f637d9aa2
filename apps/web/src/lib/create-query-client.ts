/** The QueryClient's defaults; loaded with TanStack Query by `ensureQueryClient` (query-client.ts). */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries network failures on reads (1 s, 2 s, 4 s).
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
