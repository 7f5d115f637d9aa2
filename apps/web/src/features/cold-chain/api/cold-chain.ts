/**
 * The open cold-chain alerts: every outlet's for the dispatcher (/api/admin/cold-chain), the
 * employee's own outlet's in the portal (/api/outlet/cold-chain). A `cold_chain` live event (or an
 * order change) refetches; the minute count also moves on its own every minute.
 */
import type { ColdChainAlerts } from '@meatshop/shared/cold-chain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/live-events';

export type ColdChainScope = 'admin' | 'outlet';

export function useColdChainAlerts(scope: ColdChainScope) {
  const qc = useQueryClient();
  const queryKey = ['cold-chain', scope];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<ColdChainAlerts>(`/api/${scope}/cold-chain`, { signal }),
    refetchInterval: 60_000,
  });
  useLiveEvent((e) => {
    if (e.type === 'cold_chain' || e.type === 'order' || e.type === 'resync') void qc.invalidateQueries({ queryKey });
  });
  return query;
}
