/**
 * GET /api/account/trade/invoices and /statement: my business's invoices, credit notes, what it owes,
 * its statement. POST …/invoices/:id/pay starts an online payment (the server decides the amount);
 * POST …/invoice-payments/verify checks it after the provider sends the payer back (a read, polled
 * while mobile money confirms).
 */
import type { InvoicePaymentResult, PayInvoiceResponse, TradeInvoices, TradeStatement } from '@meatshop/shared/trade-credit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { VERIFY_MAX_POLLS, VERIFY_POLL_MS } from '@/features/payments/api/verify-payment';

const keys = { invoices: ['trade', 'invoices'] as const, statement: ['trade', 'statement'] as const };

export const invoicePdfUrl = (id: string) => `/api/account/trade/invoices/${id}/pdf`;
export const creditNotePdfUrl = (id: string) => `/api/account/trade/credit-notes/${id}/pdf`;
export const STATEMENT_CSV_URL = '/api/account/trade/statement.csv';

export function useTradeInvoices(enabled: boolean) {
  return useQuery({ queryKey: keys.invoices, queryFn: () => api.get<TradeInvoices>('/api/account/trade/invoices'), enabled });
}

export function useTradeStatement(enabled: boolean) {
  return useQuery({ queryKey: keys.statement, queryFn: () => api.get<TradeStatement>('/api/account/trade/statement'), enabled });
}

/** Pay now: the provider's page to go to. */
export function usePayInvoice() {
  return useMutation({
    mutationFn: (invoiceId: string) => api.post<PayInvoiceResponse>(`/api/account/trade/invoices/${invoiceId}/pay`, {}),
  });
}

/** Back from the provider: the payment's outcome, asked again every few seconds while it is pending. */
export function useInvoicePaymentResult(orderTrackingId: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['trade', 'invoice-payment', orderTrackingId ?? ''],
    queryFn: async () => {
      const r = await api.post<InvoicePaymentResult>('/api/account/trade/invoice-payments/verify', { orderTrackingId });
      if (r.status === 'completed') {
        void qc.invalidateQueries({ queryKey: keys.invoices });
        void qc.invalidateQueries({ queryKey: keys.statement });
      }
      return r;
    },
    enabled: !!orderTrackingId,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && q.state.dataUpdateCount < VERIFY_MAX_POLLS ? VERIFY_POLL_MS : false),
  });
}
