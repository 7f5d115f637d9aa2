/** /api/admin/trade: trade accounts and applications, one account's detail, decisions on it, tiers. */
import type {
  AdminTradeAccountDetail,
  AdminTradeAccountList,
  AdminTradeApproveInput,
  AdminTradeCreditInput,
  AdminTradeReasonInput,
  TradeStatus,
  TradeTier,
} from '@meatshop/shared/trade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const keys = {
  all: ['admin', 'trade'] as const,
  list: (status: TradeStatus | '') => ['admin', 'trade', 'list', status] as const,
  detail: (id: string) => ['admin', 'trade', 'detail', id] as const,
  tiers: ['admin', 'trade', 'tiers'] as const,
};

export const useTradeAccounts = (status: TradeStatus | '') =>
  useQuery({
    queryKey: keys.list(status),
    queryFn: () => api.get<AdminTradeAccountList>('/api/admin/trade/accounts', { query: status ? { status } : {} }),
    select: (d) => d.accounts,
  });

export const useTradeAccount = (id: string | null) =>
  useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: () => api.get<AdminTradeAccountDetail>(`/api/admin/trade/accounts/${id}`),
    enabled: !!id,
  });

export const useTradeTiers = () =>
  useQuery({ queryKey: keys.tiers, queryFn: () => api.get<{ tiers: TradeTier[] }>('/api/admin/trade/tiers'), select: (d) => d.tiers });

export type TradeDecision =
  | ({ kind: 'approve' } & AdminTradeApproveInput)
  | ({ kind: 'decline' | 'suspend' } & AdminTradeReasonInput)
  | { kind: 'reinstate' }
  | ({ kind: 'tier' } & AdminTradeApproveInput);

export function useDecideTradeAccount(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: TradeDecision) => api.post<AdminTradeAccountDetail>(`/api/admin/trade/accounts/${id}/${kind}`, body),
    onSuccess: (d) => {
      qc.setQueryData(keys.detail(id), d);
      void qc.invalidateQueries({ queryKey: keys.all });
    },
  });
}

/** PUT /api/admin/trade/accounts/:id/credit: terms and credit limit, or both taken away (null). */
export function useSetTradeCredit(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTradeCreditInput) => api.put<AdminTradeAccountDetail>(`/api/admin/trade/accounts/${id}/credit`, body),
    onSuccess: (d) => {
      qc.setQueryData(keys.detail(id), d);
      void qc.invalidateQueries({ queryKey: keys.all });
    },
  });
}
