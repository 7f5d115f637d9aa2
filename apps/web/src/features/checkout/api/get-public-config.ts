/** GET /api/config: the map tiles URL (empty when the shop runs without tiles). */
import type { PublicConfig } from '@meatshop/shared/geo';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getPublicConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/api/config', { retries: 1 });
}

export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: getPublicConfig, staleTime: Number.POSITIVE_INFINITY });
}
