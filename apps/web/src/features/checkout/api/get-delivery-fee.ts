/** GET /api/delivery-fee for the chosen point: the zone's fee checkout will charge, or why it refuses. */
import type { DeliveryFeeResponse } from '@meatshop/shared/delivery-zones';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getDeliveryFee(point: { lat: number; lng: number }, signal?: AbortSignal) {
  return api.get<DeliveryFeeResponse>('/api/delivery-fee', { query: { lat: point.lat, lng: point.lng }, signal });
}

export function useDeliveryFee(point: { lat: number; lng: number } | null) {
  return useQuery({
    queryKey: ['delivery-fee', point?.lat, point?.lng],
    queryFn: ({ signal }) => getDeliveryFee(point!, signal),
    enabled: point !== null,
    // An outside-the-area answer is final for that point: no retry.
    retry: false,
    staleTime: 60_000,
  });
}
