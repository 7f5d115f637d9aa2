/** /api/admin/trade: trade accounts and applications, one account's detail, decisions on it, tiers. */
import type {
  AdminTradeAccountDetail,
  AdminTradeAccountList,
  AdminTradeApproveInput,
  AdminTradeReasonInput,
  TradeStatus,
  TradeTier,
} from '@meatshop/shared/trade';
import type { AdminPriceLineInput, AdminPriceList, AdminPriceProducts, AdminTierInput } from '@meatshop/shared/trade-prices';
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

// Price lists: a tier's or one account's lines, the products to price, new tiers.
export type PriceListOwner = { tierId: string } | { accountId: string };
const ownerQuery = (o: PriceListOwner) => ('tierId' in o ? { tierId: o.tierId } : { accountId: o.accountId });
const priceKeys = {
  list: (o: PriceListOwner | null) => ['admin', 'trade', 'prices', o] as const,
  products: ['admin', 'trade', 'price-products'] as const,
};

export const usePriceList = (owner: PriceListOwner | null) =>
  useQuery({
    queryKey: priceKeys.list(owner),
    queryFn: () => api.get<AdminPriceList>('/api/admin/trade/prices', { query: ownerQuery(owner!) }),
    enabled: !!owner,
    select: (d) => d.lines,
  });

export const usePriceProducts = () =>
  useQuery({
    queryKey: priceKeys.products,
    queryFn: () => api.get<AdminPriceProducts>('/api/admin/trade/price-products'),
    select: (d) => d.products,
  });

export function useSavePriceLine(owner: PriceListOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...line }: AdminPriceLineInput & { id?: string }) =>
      id
        ? api.put<AdminPriceList>(`/api/admin/trade/prices/${id}`, line)
        : api.post<AdminPriceList>('/api/admin/trade/prices', { ...line, ...ownerQuery(owner) }),
    onSuccess: (d) => qc.setQueryData(priceKeys.list(owner), d),
  });
}

export function useRemovePriceLine(owner: PriceListOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<AdminPriceList>(`/api/admin/trade/prices/${id}`),
    onSuccess: (d) => qc.setQueryData(priceKeys.list(owner), d),
  });
}

export function useAddTier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminTierInput) => api.post<{ tiers: TradeTier[] }>('/api/admin/trade/tiers', input),
    onSuccess: (d) => qc.setQueryData(keys.tiers, d),
  });
}
