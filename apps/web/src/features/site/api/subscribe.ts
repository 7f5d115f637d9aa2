/**
 * POST /api/subscriptions: the coming-soon email sign-up (409 when already subscribed). A plain call
 * with its pending state rather than a TanStack mutation: the coming-soon page renders without that
 * library (app/routes/storefront/query-free-screens.ts), and a sign-up has nothing to cache.
 */
import type { SubscribeInput } from '@meatshop/shared/catalog';
import { useCallback, useState } from 'react';
import { api } from '@/lib/api-client';

export function subscribe(input: SubscribeInput) {
  return api.post<{ id: string; email: string }>('/api/subscriptions', input);
}

interface Handlers {
  onSuccess: () => void;
  onError: (err: unknown) => void;
}

export function useSubscribe() {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback((input: SubscribeInput, { onSuccess, onError }: Handlers) => {
    setPending(true);
    subscribe(input)
      .then(onSuccess, onError)
      .finally(() => setPending(false));
  }, []);
  return { mutate, isPending };
}
