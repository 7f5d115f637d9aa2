/** /api/admin/recalls: trace a batch, open a recall (stops its sale), tell its customers, export the list. */
import type { RecallCreateInput, RecallDetail, RecallProducts, RecallSummary, RecallTarget, RecallTrace } from '@meatshop/shared/recalls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const keys = {
  all: ['admin', 'recalls'] as const,
  products: ['admin', 'recalls', 'products'] as const,
  trace: (t: RecallTarget | null) => ['admin', 'recalls', 'trace', t] as const,
  detail: (id: string) => ['admin', 'recalls', 'detail', id] as const,
};

export const useRecallProducts = () =>
  useQuery({ queryKey: keys.products, queryFn: () => api.get<RecallProducts>('/api/admin/recalls/products') });

export const useRecalls = () =>
  useQuery({ queryKey: keys.all, queryFn: () => api.get<{ recalls: RecallSummary[] }>('/api/admin/recalls') });

const query = (t: RecallTarget) =>
  Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

export const useRecallTrace = (target: RecallTarget | null) =>
  useQuery({
    queryKey: keys.trace(target),
    queryFn: ({ signal }) => api.get<RecallTrace>('/api/admin/recalls/trace', { query: query(target!), signal }),
    enabled: target !== null,
  });

export const useRecall = (id: string | null) =>
  useQuery({ queryKey: keys.detail(id ?? ''), queryFn: () => api.get<RecallDetail>(`/api/admin/recalls/${id}`), enabled: !!id });

export function useOpenRecall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RecallCreateInput) => api.post<RecallDetail>('/api/admin/recalls', input),
    onSuccess: (d) => {
      qc.setQueryData(keys.detail(d.recall.id), d);
      void qc.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export function useNotifyRecall(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ queued: number; customers: number }>(`/api/admin/recalls/${id}/notify`, {}),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export const recallCsvUrl = (id: string) => `/api/admin/recalls/${id}/export.csv`;
/** The same list laid out as a report, for a regulator who wants a document rather than a sheet. */
export const recallPdfUrl = (id: string) => `/api/admin/recalls/${id}/export.pdf`;
