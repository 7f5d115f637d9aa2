/**
 * Packing a short line: the substitutes the outlet can give for it (the customer's own alternative
 * first), and POST …/lines/:lineId/short to resolve it with a substitute or a refund.
 */
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import type { ShortLineInput, SubstituteSuggestion } from '@meatshop/shared/substitutions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

const linePath = (orderId: string, lineId: string) =>
  `/api/outlet/orders/${encodeURIComponent(orderId)}/lines/${encodeURIComponent(lineId)}`;

export function useLineSubstitutes(orderId: string, lineId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...outletKeys.order(orderId), 'substitutes', lineId],
    queryFn: ({ signal }) => api.get<{ suggestions: SubstituteSuggestion[] }>(`${linePath(orderId, lineId)}/substitutes`, { signal }),
    enabled,
  });
}

export function useShortLine(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, input }: { lineId: string; input: ShortLineInput }) =>
      api.post<OutletOrderDetail>(`${linePath(orderId, lineId)}/short`, input),
    onSuccess: (order) => {
      qc.setQueryData(outletKeys.order(order.id), order);
      void qc.invalidateQueries({ queryKey: outletKeys.all });
    },
  });
}
