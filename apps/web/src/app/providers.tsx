/**
 * App-wide providers: the data cache (its client created on first need, see lib/query-client.ts),
 * toasts (bottom-right, spec section 2, loaded on first use) and cross-tab session sync.
 */
import { QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useLoadedQueryClient } from '@/lib/query-client';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { LazyToaster } from '@/lib/toast';
import { useShopStore } from '@/stores/shop-store';

export function AppProviders({ children }: { children: ReactNode }) {
  const queryClient = useLoadedQueryClient();

  // Signing in or out in another tab updates this one (same persisted store).
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.shop) void useShopStore.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return (
    <QueryClientContext.Provider value={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientContext.Provider>
  );
}
