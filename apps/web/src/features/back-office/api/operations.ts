/** /api/admin/ops: order queues, catalogue and outlet stock, stock adjustments and movements, batches. */
import type { StockBatchList, StockBatchesQuery } from '@meatshop/shared/batches';
import type {
  AdminDeliveryInput,
  InventoryItem,
  OutletStockItem,
  StockAdjustInput,
  StockLevel,
  StockMovement,
  StockTransferInput,
  StockTransferResult,
} from '@meatshop/shared/inventory';
import type { OrderQueue } from '@meatshop/shared/order-queues';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const orderQueueQuery = (queue: 'pending' | 'processing') =>
  queryOptions({
    queryKey: ['admin', 'ops', 'queue', queue],
    queryFn: ({ signal }) => api.get<OrderQueue>(`/api/admin/ops/queues/${queue}`, { signal }),
    // Ages move on their own: refresh every minute even without a live event.
    refetchInterval: 60_000,
  });

export const useOrderQueue = (queue: 'pending' | 'processing') => useQuery(orderQueueQuery(queue));

export interface StockFilters {
  q?: string;
  level?: StockLevel | '';
  categoryId?: string;
  outletId?: string;
}

export const inventoryQuery = (f: StockFilters) =>
  queryOptions({
    queryKey: ['admin', 'ops', 'inventory', f],
    queryFn: ({ signal }) => api.get<{ items: InventoryItem[] }>('/api/admin/ops/inventory', { query: { ...f }, signal }),
  });
export const useInventory = (f: StockFilters, enabled = true) =>
  useQuery({ ...inventoryQuery(f), placeholderData: keepPreviousData, enabled });

export const outletStockQuery = (f: StockFilters) =>
  queryOptions({
    queryKey: ['admin', 'ops', 'outlet-stock', f],
    queryFn: ({ signal }) => api.get<{ items: OutletStockItem[] }>('/api/admin/ops/outlet-stock', { query: { ...f }, signal }),
  });
export const useOutletStock = (f: StockFilters, enabled = true) =>
  useQuery({ ...outletStockQuery(f), placeholderData: keepPreviousData, enabled });

export const movementsQuery = (f: { outletId?: string; scope: 'catalog' | 'outlets' }) =>
  queryOptions({
    queryKey: ['admin', 'ops', 'movements', f],
    queryFn: ({ signal }) =>
      api.get<{ movements: StockMovement[] }>('/api/admin/ops/stock-movements', { query: { outletId: f.outletId, limit: 50 }, signal }),
  });
export const useStockMovements = (f: { outletId?: string; scope: 'catalog' | 'outlets' }) => useQuery(movementsQuery(f));

export function useAdjustStock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StockAdjustInput) =>
      api.post<{ adjusted: { productId: string; name: string; before: number; after: number }[] }>(
        '/api/admin/ops/stock-adjustments',
        input,
      ),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'ops'] });
      void qc.invalidateQueries({ queryKey: ['admin', 'reports', 'inventory'] });
    },
  });
}

export interface OutletOption {
  id: string;
  name: string;
}

/** Outlets for the filter, taken from the outlet stock itself so this screen needs no other API. */
export function outletOptions(items: OutletStockItem[] | undefined): OutletOption[] {
  const map = new Map<string, string>();
  for (const i of items ?? []) map.set(i.outletId, i.outletName);
  return [...map].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export function useTransferStock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StockTransferInput) => api.post<StockTransferResult>('/api/admin/ops/stock-transfers', input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'ops'] });
      void qc.invalidateQueries({ queryKey: ['admin', 'reports', 'inventory'] });
    },
  });
}

/** An outlet's (or every outlet's) batches of one product or all: on sale, for disposal, or written off. */
export const stockBatchesQuery = (f: Partial<StockBatchesQuery>) =>
  queryOptions({
    queryKey: ['admin', 'ops', 'stock-batches', f],
    queryFn: ({ signal }) => api.get<StockBatchList>('/api/admin/ops/stock-batches', { query: { ...f }, signal }),
  });
export const useStockBatches = (f: Partial<StockBatchesQuery>, enabled = true) => useQuery({ ...stockBatchesQuery(f), enabled });

/** A delivery from the factory at one outlet, each line with its batch label. */
export function useRecordOutletDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminDeliveryInput) =>
      api.post<{ adjusted: { productId: string; name: string; before: number; after: number }[] }>(
        '/api/admin/ops/stock-deliveries',
        input,
      ),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'ops'] });
      void qc.invalidateQueries({ queryKey: ['admin', 'reports', 'inventory'] });
    },
  });
}

/** Records the disposal of a batch past its sell-by date or stopped by a recall. */
export function useWriteOffStockBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<{ id: string; writtenOff: number }>(`/api/admin/ops/stock-batches/${id}/write-off`, { reason }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'ops'] });
    },
  });
}
