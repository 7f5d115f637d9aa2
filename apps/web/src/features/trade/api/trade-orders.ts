/**
 * GET /api/account/trade/orders: the orders every member placed for my business; and, for the owner
 * or an approver, approving or declining a buyer's order held over their limit (both answer with the
 * list as it is after the decision).
 */
import type { TradeOrderDeclineInput, TradeOrders } from '@meatshop/shared/trade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tradeKeys } from './my-trade';

export function useTradeOrders(enabled: boolean) {
  return useQuery({ queryKey: tradeKeys.orders, queryFn: () => api.get<TradeOrders>('/api/account/trade/orders'), enabled });
}

function useDecision<V>(request: (v: V) => Promise<TradeOrders>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (list) => qc.setQueryData(tradeKeys.orders, list),
    // A stale list (someone else decided first) is refreshed either way.
    onError: () => void qc.invalidateQueries({ queryKey: tradeKeys.orders }),
  });
}

export const useApproveTradeOrder = () =>
  useDecision((id: string) => api.post<TradeOrders>(`/api/account/trade/orders/${encodeURIComponent(id)}/approve`, {}));

export const useDeclineTradeOrder = () =>
  useDecision(({ id, ...body }: { id: string } & TradeOrderDeclineInput) =>
    api.post<TradeOrders>(`/api/account/trade/orders/${encodeURIComponent(id)}/decline`, body),
  );
