/**
 * GET /api/outlet/stock and /stock-movements: the outlet's own stock and its ledger; refreshed with
 * every new order (everything under `outlet` is) and every half minute.
 */
import type { StockBatchList } from '@meatshop/shared/batches';
import type { OutletOwnStock, StockMovement, TransferTargets } from '@meatshop/shared/inventory';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

const STOCK_POLL_MS = 30_000;

export const useOutletOwnStock = () =>
  useQuery({
    queryKey: outletKeys.stock(),
    queryFn: () => api.get<OutletOwnStock>('/api/outlet/stock'),
    refetchInterval: STOCK_POLL_MS,
  });

export const useOutletStockMovements = () =>
  useQuery({
    queryKey: outletKeys.stockMovements(),
    queryFn: () => api.get<{ movements: StockMovement[] }>('/api/outlet/stock-movements'),
    refetchInterval: STOCK_POLL_MS,
  });

/** The other active outlets, loaded when the manager opens the transfer form. */
export const useTransferTargets = (enabled: boolean) =>
  useQuery({
    queryKey: outletKeys.transferTargets(),
    queryFn: () => api.get<TransferTargets>('/api/outlet/transfer-targets'),
    enabled,
  });

/** The outlet's batches on sale, or those that left sale and wait for disposal. */
export const useOutletBatches = (view: 'live' | 'disposal') =>
  useQuery({
    queryKey: outletKeys.batches(view),
    queryFn: () => api.get<StockBatchList>(`/api/outlet/stock-batches?view=${view}`),
    refetchInterval: STOCK_POLL_MS,
  });
