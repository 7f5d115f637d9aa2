/**
 * GET /api/account/trade/prices: a signed-in member's prices for today, put in the trade price store
 * for the listing, the product page and the cart. A household (403) has none. Fetched when someone
 * signs in and every few minutes after; private and never cached by the browser or a proxy.
 *
 * A plain request, not a query: the storefront shell renders before (and for visitors without) the
 * query client, and this runs in that shell.
 */
import type { TradePriceSheet } from '@meatshop/shared/trade-prices';
import { useEffect } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { useTradePriceStore } from '@/stores/trade-price-store';

const REFRESH_MS = 5 * 60_000;

async function getMemberPrices(signal: AbortSignal): Promise<TradePriceSheet | null> {
  try {
    return await api.get<TradePriceSheet>('/api/account/trade/prices', { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return null;
    throw err;
  }
}

export function useLoadMemberPrices(userId: string | null) {
  useEffect(() => {
    const store = useTradePriceStore.getState();
    store.clear();
    if (!userId) return;
    const ctl = new AbortController();
    const load = () =>
      getMemberPrices(ctl.signal).then(
        (sheet) => (sheet ? store.setPrices(Object.fromEntries(sheet.prices.map((p) => [p.productId, p]))) : store.clear()),
        // Offline or a server error: keep what is shown (retail, or the last sheet); the order is priced on the server anyway.
        () => {},
      );
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      ctl.abort();
      clearInterval(timer);
    };
  }, [userId]);
}
