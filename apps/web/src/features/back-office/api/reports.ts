/** /api/admin/reports: sales and payments over a date range, inventory valuation, their CSV links, payment checks. */
import type {
  InventoryReport,
  PaymentCheckResult,
  PaymentDifferences,
  PaymentsReport,
  WeighedReport,
  SalesGroup,
  SalesReport,
  SubstitutionReport,
} from '@meatshop/shared/reports';
import type { DeliveryPerformanceReport } from '@meatshop/shared/cold-chain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const salesReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'sales', from, to],
    queryFn: ({ signal }) => api.get<SalesReport>('/api/admin/reports/sales', { query: { from, to }, signal }),
  });

export const useSalesReport = (from: string, to: string) => useQuery({ ...salesReportQuery(from, to), placeholderData: keepPreviousData });

/** A same-origin link: the browser sends the session cookie and saves the file the server names. */
export const salesCsvUrl = (from: string, to: string, by: SalesGroup) =>
  `/api/admin/reports/sales.csv?${new URLSearchParams({ from, to, by }).toString()}`;

export const inventoryReportQuery = queryOptions({
  queryKey: ['admin', 'reports', 'inventory'],
  queryFn: ({ signal }) => api.get<InventoryReport>('/api/admin/reports/inventory', { signal }),
});

export const useInventoryReport = () => useQuery(inventoryReportQuery);

export const INVENTORY_CSV_URL = '/api/admin/reports/inventory.csv';

export const paymentsReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'payments', from, to],
    queryFn: ({ signal }) => api.get<PaymentsReport>('/api/admin/reports/payments', { query: { from, to }, signal }),
  });

export const usePaymentsReport = (from: string, to: string) =>
  useQuery({ ...paymentsReportQuery(from, to), placeholderData: keepPreviousData });

export const weighedReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'weighed', from, to],
    queryFn: ({ signal }) => api.get<WeighedReport>('/api/admin/reports/weighed', { query: { from, to }, signal }),
  });

export const useWeighedReport = (from: string, to: string) =>
  useQuery({ ...weighedReportQuery(from, to), placeholderData: keepPreviousData });

export const weighedCsvUrl = (from: string, to: string) => `/api/admin/reports/weighed.csv?${new URLSearchParams({ from, to }).toString()}`;

export const paymentsCsvUrl = (from: string, to: string) =>
  `/api/admin/reports/payments.csv?${new URLSearchParams({ from, to }).toString()}`;

export const paymentDifferencesQuery = queryOptions({
  queryKey: ['admin', 'reports', 'payment-differences'],
  queryFn: ({ signal }) => api.get<PaymentDifferences>('/api/admin/reports/payments/differences', { signal }),
});

export const usePaymentDifferences = () => useQuery(paymentDifferencesQuery);

/** "Check again": asks the provider about one payment now; the list and the figures follow. */
export function useCheckPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) => api.post<PaymentCheckResult>(`/api/admin/reports/payments/${paymentId}/check`, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'reports'] }),
  });
}

export const substitutionReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'substitutions', from, to],
    queryFn: ({ signal }) => api.get<SubstitutionReport>('/api/admin/reports/substitutions', { query: { from, to }, signal }),
  });

export const useSubstitutionReport = (from: string, to: string) =>
  useQuery({ ...substitutionReportQuery(from, to), placeholderData: keepPreviousData });

export const substitutionsCsvUrl = (from: string, to: string) =>
  `/api/admin/reports/substitutions.csv?${new URLSearchParams({ from, to }).toString()}`;

export const deliveryPerformanceQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'delivery-performance', from, to],
    queryFn: ({ signal }) => api.get<DeliveryPerformanceReport>('/api/admin/reports/delivery-performance', { query: { from, to }, signal }),
  });

export const useDeliveryPerformanceReport = (from: string, to: string) =>
  useQuery({ ...deliveryPerformanceQuery(from, to), placeholderData: keepPreviousData });

export const deliveryPerformanceCsvUrl = (from: string, to: string) =>
  `/api/admin/reports/delivery-performance.csv?${new URLSearchParams({ from, to }).toString()}`;
