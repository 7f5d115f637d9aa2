/**
 * GET /api/account/trade/prices: a signed-in member's prices for today, put in the trade price store
 * for the listing, the product page and the cart. A household (403) has none. Fetched once per
 * session and refreshed every few minutes; private and never cached by the browser or a proxy.
 */
import type { TradePriceSheet } from '@meatshop/shared/trade-prices';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { useTradePriceStore } from '@/stores/trade-price-store';

export const memberPricesKey = (userId: string) => ['trade', 'prices', userId] as const;

async function getMemberPrices(): Promise<TradePriceSheet | null> {
  try {
    return await api.get<TradePriceSheet>('/api/account/trade/prices');
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return null;
    throw err;
  }
}

export function useLoadMemberPrices(userId: string | null) {
  const q = useQuery({
    queryKey: memberPricesKey(userId ?? ''),
    queryFn: getMemberPrices,
    enabled: !!userId,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    const store = useTradePriceStore.getState();
    if (!userId || q.data === null) return store.clear();
    if (q.data) store.setPrices(Object.fromEntries(q.data.prices.map((p) => [p.productId, p])));
  }, [userId, q.data]);
}
