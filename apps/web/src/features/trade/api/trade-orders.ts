/** GET /api/account/trade/orders: the orders every member placed for my business. */
import type { TradeOrders } from '@meatshop/shared/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tradeKeys } from './my-trade';

export function useTradeOrders(enabled: boolean) {
  return useQuery({ queryKey: tradeKeys.orders, queryFn: () => api.get<TradeOrders>('/api/account/trade/orders'), enabled });
}
