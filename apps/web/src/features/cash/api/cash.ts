/** Cash on delivery: the rider's own cash, the outlet's view of riders, and hand-overs. */
import type { CashHandoverInput, CashOverview, RiderCash } from '@meatshop/shared/cash';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const riderCashQuery = queryOptions({
  queryKey: ['rider', 'cash'],
  queryFn: ({ signal }) => api.get<RiderCash>('/api/rider/cash', { signal }),
});
export const useRiderCash = () => useQuery(riderCashQuery);

export const outletCashQuery = queryOptions({
  queryKey: ['outlet', 'cash'],
  queryFn: ({ signal }) => api.get<CashOverview>('/api/outlet/cash', { signal }),
});
export const useOutletCash = () => useQuery(outletCashQuery);

export function useRecordOutletHandover() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CashHandoverInput) => api.post<RiderCash>('/api/outlet/cash/handovers', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: outletCashQuery.queryKey }),
  });
}

/** A wrong hand-over is corrected by a reversing entry with a reason (the outlet manager only). */
export function useReverseOutletHandover() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<RiderCash>(`/api/outlet/cash/handovers/${id}/reverse`, { reason }),
    onSuccess: () => qc.invalidateQueries({ queryKey: outletCashQuery.queryKey }),
  });
}
