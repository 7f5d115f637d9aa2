/** GET /api/account/trade/invoices and /statement: my business's invoices, what it owes, its statement. */
import type { TradeInvoices, TradeStatement } from '@meatshop/shared/trade-credit';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const keys = { invoices: ['trade', 'invoices'] as const, statement: ['trade', 'statement'] as const };

export const invoicePdfUrl = (id: string) => `/api/account/trade/invoices/${id}/pdf`;
export const STATEMENT_CSV_URL = '/api/account/trade/statement.csv';

export function useTradeInvoices(enabled: boolean) {
  return useQuery({ queryKey: keys.invoices, queryFn: () => api.get<TradeInvoices>('/api/account/trade/invoices'), enabled });
}

export function useTradeStatement(enabled: boolean) {
  return useQuery({ queryKey: keys.statement, queryFn: () => api.get<TradeStatement>('/api/account/trade/statement'), enabled });
}
