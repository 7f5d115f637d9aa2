/** GET /api/account/trade and POST /api/account/trade/apply: my business, its status and my role; applying for one. */
import type { MyTrade, TradeApplyInput } from '@meatshop/shared/trade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const tradeKeys = {
  mine: ['trade', 'mine'] as const,
  members: ['trade', 'members'] as const,
  orders: ['trade', 'orders'] as const,
  invitation: (token: string) => ['trade', 'invitation', token] as const,
};

export const getMyTrade = () => api.get<MyTrade>('/api/account/trade');

export function useMyTrade(enabled = true) {
  return useQuery({ queryKey: tradeKeys.mine, queryFn: getMyTrade, enabled });
}

export function useApplyForTrade() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TradeApplyInput) => api.post<MyTrade>('/api/account/trade/apply', input),
    onSuccess: (mine) => qc.setQueryData(tradeKeys.mine, mine),
  });
}
