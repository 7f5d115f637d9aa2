/** GET /api/outlets: active outlets ordered by name, for the contact page. */
import type { PublicOutlet } from '@meatshop/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getOutlets(signal?: AbortSignal) {
  return api.get<{ outlets: PublicOutlet[] }>('/api/outlets', { signal }).then((r) => r.outlets);
}

export function useOutlets() {
  return useQuery({ queryKey: ['outlets', 'public'], queryFn: ({ signal }) => getOutlets(signal) });
}
