/** App-wide providers: data cache, toasts (bottom-right, spec section 2) and cross-tab session sync. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { LazyToaster } from '@/lib/toast';
import { useShopStore } from '@/stores/shop-store';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries network failures on reads (1 s, 2 s, 4 s).
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  // Signing in or out in another tab updates this one (same persisted store).
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.shop) void useShopStore.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
