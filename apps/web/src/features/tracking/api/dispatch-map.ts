/**
 * GET /api/admin/dispatch: online riders with their last position and load, and the open orders.
 * Positions arrive live (`rider_position`, `rider_location`) and move the markers in place; order and
 * rider status changes refetch the lists.
 */
import type { DispatchMap } from '@meatshop/shared/tracking';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/back-office/api/keys';
import { api } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/live-events';

export function useDispatchMap() {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: adminKeys.dispatch,
    queryFn: () => api.get<DispatchMap>('/api/admin/dispatch'),
    refetchInterval: 60_000,
  });
  useLiveEvent((e) => {
    if (e.type === 'rider_position' || e.type === 'rider_location') {
      const position =
        e.type === 'rider_position'
          ? { lat: e.lat, lng: e.lng, at: e.recordedAt }
          : e.lat !== null && e.lng !== null && e.at
            ? { lat: e.lat, lng: e.lng, at: e.at }
            : null;
      qc.setQueryData<DispatchMap>(adminKeys.dispatch, (old) =>
        old ? { ...old, riders: old.riders.map((r) => (r.id === e.riderId ? { ...r, position } : r)) } : old,
      );
    } else if (e.type === 'order' || e.type === 'rider' || e.type === 'resync') {
      void qc.invalidateQueries({ queryKey: adminKeys.dispatch });
    }
  });
  return query;
}
