/**
 * /api/account/trade/members and /invitations: who is in my business; the owner invites by email,
 * changes a member's role or limit, removes a member, withdraws an invitation. Each answers the new list.
 */
import type { TradeInviteInput, TradeMemberUpdateInput, TradeMembers } from '@meatshop/shared/trade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tradeKeys } from './my-trade';

export function useTradeMembers() {
  return useQuery({ queryKey: tradeKeys.members, queryFn: () => api.get<TradeMembers>('/api/account/trade/members') });
}

function useMembersMutation<V>(fn: (v: V) => Promise<TradeMembers>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (list) => qc.setQueryData(tradeKeys.members, list) });
}

export const useInviteMember = () =>
  useMembersMutation((input: TradeInviteInput) => api.post<TradeMembers>('/api/account/trade/invitations', input));

export const useUpdateMember = () =>
  useMembersMutation(({ userId, ...input }: TradeMemberUpdateInput & { userId: string }) =>
    api.patch<TradeMembers>(`/api/account/trade/members/${encodeURIComponent(userId)}`, input),
  );

export const useRemoveMember = () =>
  useMembersMutation((userId: string) => api.delete<TradeMembers>(`/api/account/trade/members/${encodeURIComponent(userId)}`));

export const useWithdrawInvitation = () =>
  useMembersMutation((id: string) => api.delete<TradeMembers>(`/api/account/trade/invitations/${encodeURIComponent(id)}`));
