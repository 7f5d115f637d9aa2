/** GET /api/outlet/stock: the outlet's own stock; refreshed with every new order and every half minute. */
import type { OutletStockItem } from '@meatshop/shared/inventory';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

const STOCK_POLL_MS = 30_000;

export const useOutletOwnStock = () =>
  useQuery({
    queryKey: outletKeys.stock(),
    queryFn: () => api.get<{ items: OutletStockItem[] }>('/api/outlet/stock'),
    refetchInterval: STOCK_POLL_MS,
  });
