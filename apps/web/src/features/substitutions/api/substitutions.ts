/**
 * Substitution calls: suggested substitutes for a product, the customer's remembered choices for a
 * checkout, and refusing a substitute on their order.
 */
import type { Order } from '@meatshop/shared/orders';
import type { SubstituteSuggestion, SubstitutionDefaults } from '@meatshop/shared/substitutions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKey } from '@/features/orders/api/get-order';
import { ordersKey } from '@/features/orders/api/get-orders';

export function useSubstituteSuggestions(productId: string, enabled = true) {
  return useQuery({
    queryKey: ['substitutes', productId],
    queryFn: ({ signal }) =>
      api.get<{ suggestions: SubstituteSuggestion[] }>(`/api/products/${encodeURIComponent(productId)}/substitutes`, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useSubstitutionDefaults(productIds: string[], enabled: boolean) {
  const ids = [...new Set(productIds)].sort();
  return useQuery({
    queryKey: ['substitution-defaults', ids.join(',')],
    queryFn: ({ signal }) =>
      api.get<SubstitutionDefaults>('/api/orders/substitution-defaults', { query: { productIds: ids.join(',') }, signal }),
    enabled: enabled && ids.length > 0,
    staleTime: 60_000,
  });
}

export function useRefuseSubstitute(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: string) =>
      api.post<{ order: Order }>(`/api/orders/${encodeURIComponent(orderId)}/lines/${encodeURIComponent(lineId)}/refuse-substitute`),
    onSuccess: (res) => {
      queryClient.setQueryData(orderKey(res.order.id), res);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
