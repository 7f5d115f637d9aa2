/**
 * GET /api/tracking/orders/{id}: where the order's rider is, with distance and arrival estimate.
 * Kept live: each `rider_position` event moves the marker at once (distance and time are refetched
 * from the server, which owns the estimate); an order event for the order refetches it.
 */
import type { OrderTracking } from '@meatshop/shared/tracking';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/live-events';

export const trackingKey = (orderId: string) => ['tracking', orderId] as const;

export function useOrderTracking(orderId: string, enabled: boolean) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: trackingKey(orderId),
    queryFn: () => api.get<OrderTracking>(`/api/tracking/orders/${encodeURIComponent(orderId)}`, { retries: 1 }),
    enabled,
    // A safety net if the live stream is down: a slow poll while the delivery is open.
    refetchInterval: (q) => (q.state.data?.live ? 60_000 : false),
  });
  useLiveEvent((e) => {
    if (!enabled) return;
    if (e.type === 'rider_position' && e.orderId === orderId) {
      qc.setQueryData<OrderTracking>(trackingKey(orderId), (old) =>
        old ? { ...old, position: { lat: e.lat, lng: e.lng, accuracy: e.accuracy, recordedAt: e.recordedAt } } : old,
      );
      void qc.invalidateQueries({ queryKey: trackingKey(orderId) });
    } else if ((e.type === 'order' && e.orderId === orderId) || e.type === 'resync') {
      void qc.invalidateQueries({ queryKey: trackingKey(orderId) });
    }
  });
  return query;
}
