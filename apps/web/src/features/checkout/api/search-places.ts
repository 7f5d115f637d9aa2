/** GET /api/geo/search: at most 5 places inside East Africa for what the customer typed. */
import type { GeoPlace } from '@meatshop/shared/geo';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function searchPlaces(q: string, signal?: AbortSignal): Promise<{ results: GeoPlace[] }> {
  return api.get<{ results: GeoPlace[] }>('/api/geo/search', { query: { q }, signal, retries: 0 });
}

/** `q` is already debounced by the caller (500 ms). */
export function useSearchPlaces(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: ['geo-search', term.toLowerCase()],
    queryFn: ({ signal }) => searchPlaces(term, signal),
    enabled: term.length >= 2,
    staleTime: 10 * 60_000,
  });
}
