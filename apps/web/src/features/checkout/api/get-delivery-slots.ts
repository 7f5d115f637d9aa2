/** GET /api/delivery-slots: "as soon as possible" when the shop delivers now, and the slots with places left. */
import type { DeliverySlotsResponse } from '@meatshop/shared/delivery-slots';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deliverySlotsKey = ['delivery-slots'] as const;

export function getDeliverySlots(signal?: AbortSignal) {
  return api.get<DeliverySlotsResponse>('/api/delivery-slots', { signal });
}

export function useDeliverySlots() {
  return useQuery({
    queryKey: deliverySlotsKey,
    queryFn: ({ signal }) => getDeliverySlots(signal),
    // Places fill up and the cut-off passes while the customer fills the form.
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
}
