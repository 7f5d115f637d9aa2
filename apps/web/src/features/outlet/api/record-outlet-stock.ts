/**
 * The manager's stock forms: POST /api/outlet/stock-deliveries, /stock-counts and /stock-transfers.
 * Each saved change refreshes the figures and the ledger at once.
 */
import type { OutletCountInput, OutletDeliveryInput, OutletStockTransferInput, StockTransferResult } from '@meatshop/shared/inventory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

type Adjusted = { adjusted: { productId: string; name: string; before: number; after: number }[] };

function useStockMutation<I, O>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => api.post<O>(path, input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: outletKeys.stock() });
      void qc.invalidateQueries({ queryKey: outletKeys.stockMovements() });
      void qc.invalidateQueries({ queryKey: outletKeys.dashboard() });
      void qc.invalidateQueries({ queryKey: ['outlet', 'stock-batches'] });
    },
  });
}

export const useRecordDelivery = () => useStockMutation<OutletDeliveryInput, Adjusted>('/api/outlet/stock-deliveries');
export const useRecordCount = () => useStockMutation<OutletCountInput, Adjusted>('/api/outlet/stock-counts');
export const useSendStock = () => useStockMutation<OutletStockTransferInput, StockTransferResult>('/api/outlet/stock-transfers');

/** Records the disposal of a batch past its sell-by date or stopped by a recall. */
export function useWriteOffBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<{ id: string; writtenOff: number }>(`/api/outlet/stock-batches/${id}/write-off`, { reason }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['outlet', 'stock-batches'] });
      void qc.invalidateQueries({ queryKey: outletKeys.stockMovements() });
    },
  });
}
