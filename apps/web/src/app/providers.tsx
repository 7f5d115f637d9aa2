/**
 * App-wide providers: the data cache (its client created on first need, see lib/query-client.ts),
 * toasts (bottom-right, loaded on first use) and cross-tab session sync.
 */
import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useLoadedQueryClient } from '@/lib/query-client';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { LazyToaster } from '@/lib/toast';
import { useShopStore } from '@/stores/shop-store';

/** `queryClient`: the server's render gives each page its own. */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const loaded = useLoadedQueryClient();
  const queryClient = given ?? loaded;

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
