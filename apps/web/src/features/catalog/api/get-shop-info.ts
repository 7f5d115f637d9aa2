/**
 * GET /api/shop-info: the support phone, email and opening hours the admin sets in Settings. Screens
 * show the shop's defaults until it answers (no spinner, nothing shifts) and then what Settings say.
 * The header, footer and home page read it, so it is a tiny shared store of its own rather than a
 * TanStack query: the first visit to / does not load the query library (lib/query-client.ts).
 */
import { SHOP } from '@meatshop/shared/constants';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '@/lib/api-client';
import { takeBootData } from '@/lib/boot-data';

export interface ShopInfo {
  supportPhone: string;
  supportEmail: string;
  hours: string;
  deliveryFee: number;
}

const DEFAULTS: Omit<ShopInfo, 'deliveryFee'> = { supportPhone: SHOP.supportPhone, supportEmail: SHOP.email, hours: SHOP.hours };

export function getShopInfo(signal?: AbortSignal) {
  return api.get<ShopInfo>('/api/shop-info', { signal });
}

const STALE_MS = 5 * 60_000;
let cached: ShopInfo | undefined;
let fetchedAt = 0;
let inflight: Promise<void> | undefined;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** One request for every screen that asks at once; again after five minutes; a failure keeps the defaults. */
function refresh() {
  if (inflight || Date.now() - fetchedAt < STALE_MS) return;
  inflight = getShopInfo()
    .then(
      (info) => {
        cached = info;
        fetchedAt = Date.now();
        for (const l of listeners) l();
      },
      () => {},
    )
    .finally(() => {
      inflight = undefined;
    });
}

/** What Settings say, as the page was sent with them; the server's render sets it for each page. */
export function setShopInfo(info: ShopInfo | undefined) {
  cached = info;
  fetchedAt = info ? Date.now() : 0;
}

export function useShopInfo() {
  if (cached === undefined && typeof document !== 'undefined') {
    const fromPage = takeBootData('/api/shop-info') as ShopInfo | undefined;
    if (fromPage) setShopInfo(fromPage);
  }
  const data = useSyncExternalStore(
    subscribe,
    () => cached,
    () => cached,
  );
  useEffect(refresh, []);
  const info = { ...DEFAULTS, ...data };
  return {
    ...info,
    /** The admin has not changed the hours: screens may use the spec's longer wording of them. */
    defaultHours: info.hours === SHOP.hours,
  };
}
