/** /api/admin/zones: delivery zones. */
import type { PublicConfig } from '@meatshop/shared/geo';
import type { AdminZoneInput, AdminZoneUpdateInput, DeliveryFeeResponse, DeliveryZone } from '@meatshop/shared/delivery-zones';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const zonesQuery = queryOptions({
  queryKey: ['admin', 'zones'],
  queryFn: ({ signal }) => api.get<{ zones: DeliveryZone[] }>('/api/admin/zones', { signal }),
});

export const useZones = () => useQuery(zonesQuery);

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: zonesQuery.queryKey });
}

export function useSaveZone() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AdminZoneInput | AdminZoneUpdateInput }) =>
      id ? api.patch<DeliveryZone>(`/api/admin/zones/${id}`, input) : api.post<DeliveryZone>('/api/admin/zones', input),
    onSuccess: invalidate,
  });
}

export function useDeleteZone() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.delete(`/api/admin/zones/${id}`), onSuccess: invalidate });
}

/** GET /api/delivery-fee for a point: what checkout would charge there (or why it refuses). */
export function useDeliveryFeeAt(point: { lat: number; lng: number } | null) {
  return useQuery({
    queryKey: ['delivery-fee', point?.lat, point?.lng],
    queryFn: ({ signal }) =>
      api.get<DeliveryFeeResponse>('/api/delivery-fee', { query: { lat: point!.lat, lng: point!.lng }, signal, retries: 0 }),
    enabled: point !== null,
    retry: false,
  });
}

/** GET /api/config for the map tiles URL (same query key as the checkout map, so one fetch serves both). */
export function useMapTilesUrl() {
  const q = useQuery({
    queryKey: ['public-config'],
    queryFn: () => api.get<PublicConfig>('/api/config', { retries: 1 }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return q.data?.mapTilesUrl;
}
