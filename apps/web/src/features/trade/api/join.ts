/** GET and POST /api/account/trade/join/:token: what an invitation invites to, and joining with it. */
import type { MyTrade, TradeInvitationPreview } from '@meatshop/shared/trade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tradeKeys } from './my-trade';

const url = (token: string) => `/api/account/trade/join/${encodeURIComponent(token)}`;

export function useInvitation(token: string) {
  return useQuery({ queryKey: tradeKeys.invitation(token), queryFn: () => api.get<TradeInvitationPreview>(url(token)), retry: false });
}

export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<MyTrade>(url(token), {}),
    onSuccess: (mine) => qc.setQueryData(tradeKeys.mine, mine),
  });
}
