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
import type { AdminPriceLineInput, AdminPriceList, AdminPriceProducts, AdminTierInput } from '@meatshop/shared/trade-prices';
import type {
  AdminCreditNoteInput,
  AdminTradePaymentInput,
  Receivables,
  ReminderResult,
  TradeInvoices,
  TradeStatement,
} from '@meatshop/shared/trade-credit';
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

const ledgerKeys = {
  invoices: (id: string) => ['admin', 'trade', 'invoices', id] as const,
  statement: (id: string) => ['admin', 'trade', 'statement', id] as const,
};
export const adminInvoicePdfUrl = (invoiceId: string) => `/api/admin/trade/invoices/${invoiceId}/pdf`;
export const adminStatementCsvUrl = (id: string) => `/api/admin/trade/accounts/${id}/statement.csv`;

/** GET /api/admin/trade/accounts/:id/invoices: the account's invoices and what it owes. */
export const useAdminTradeInvoices = (id: string) =>
  useQuery({ queryKey: ledgerKeys.invoices(id), queryFn: () => api.get<TradeInvoices>(`/api/admin/trade/accounts/${id}/invoices`) });

/** GET /api/admin/trade/accounts/:id/statement. */
export const useAdminTradeStatement = (id: string) =>
  useQuery({ queryKey: ledgerKeys.statement(id), queryFn: () => api.get<TradeStatement>(`/api/admin/trade/accounts/${id}/statement`) });

/** POST /api/admin/trade/accounts/:id/payments: a payment on account, allocated by the server. */
export function useRecordTradePayment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTradePaymentInput) => api.post<TradeStatement>(`/api/admin/trade/accounts/${id}/payments`, body),
    onSuccess: (s) => {
      qc.setQueryData(ledgerKeys.statement(id), s);
      void qc.invalidateQueries({ queryKey: ledgerKeys.invoices(id) });
      void qc.invalidateQueries({ queryKey: ['admin', 'trade', 'receivables'] });
    },
  });
}

export const adminCreditNotePdfUrl = (noteId: string) => `/api/admin/trade/credit-notes/${noteId}/pdf`;

/** POST /api/admin/trade/invoices/:id/credit-notes: a credit note, never over what the invoice owes. */
export function useIssueCreditNote(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, ...body }: AdminCreditNoteInput & { invoiceId: string }) =>
      api.post<TradeInvoices>(`/api/admin/trade/invoices/${invoiceId}/credit-notes`, body),
    onSuccess: (d) => {
      qc.setQueryData(ledgerKeys.invoices(accountId), d);
      void qc.invalidateQueries({ queryKey: ledgerKeys.statement(accountId) });
      void qc.invalidateQueries({ queryKey: ['admin', 'trade', 'receivables'] });
    },
  });
}

/** GET /api/admin/trade/receivables: what each business owes, aged. */
export const useReceivables = () =>
  useQuery({ queryKey: ['admin', 'trade', 'receivables'], queryFn: () => api.get<Receivables>('/api/admin/trade/receivables') });

/** POST /api/admin/trade/accounts/:id/remind: email and SMS through the outbox, once per invoice per day. */
export function useSendReminder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => api.post<ReminderResult>(`/api/admin/trade/accounts/${accountId}/remind`, {}),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin', 'trade', 'receivables'] }),
  });
}
