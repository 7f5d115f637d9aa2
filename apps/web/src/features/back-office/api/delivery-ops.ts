/** GET /api/admin/messages (the outbox), GET /api/admin/cash, and recording and reversing cash hand-overs. */
import type { CashHandoverInput, CashOverview, RiderCash } from '@meatshop/shared/cash';
import type { AdminMessagesResponse } from '@meatshop/shared/messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const customerMessagesQuery = (channel: 'sms' | 'email' | 'all') =>
  queryOptions({
    queryKey: ['admin', 'messages', channel],
    queryFn: ({ signal }) => api.get<AdminMessagesResponse>('/api/admin/messages', { query: channel === 'all' ? {} : { channel }, signal }),
    // The worker sends in the background: keep the statuses fresh while the screen is open.
    refetchInterval: 10_000,
  });

export const useCustomerMessages = (channel: 'sms' | 'email' | 'all') => useQuery(customerMessagesQuery(channel));

export const adminCashQuery = queryOptions({
  queryKey: ['admin', 'cash'],
  queryFn: ({ signal }) => api.get<CashOverview>('/api/admin/cash', { signal }),
});

export const useAdminCash = () => useQuery(adminCashQuery);

export function useRecordAdminHandover() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CashHandoverInput) => api.post<RiderCash>('/api/admin/cash/handovers', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminCashQuery.queryKey }),
  });
}

export function useReverseAdminHandover() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<RiderCash>(`/api/admin/cash/handovers/${id}/reverse`, { reason }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminCashQuery.queryKey }),
  });
}
