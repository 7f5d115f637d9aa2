/**
 * A write from a screen that renders without TanStack Query (cached-query.ts): the request itself
 * needs no library, so it goes at once, and the client loads alongside, on this first use, for
 * `onSuccess` to update or invalidate the cache with (the product, the listing).
 */
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { outdatePageAnswers } from './cached-query';
import { ensureQueryClient } from './query-client';

interface Callbacks<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: unknown) => void;
}

export function useCachedMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  onSuccess?: (client: QueryClient, data: TData) => void,
) {
  const [state, setState] = useState<{ isPending: boolean; data?: TData }>({ isPending: false });
  const mutate = (variables: TVariables, callbacks?: Callbacks<TData>) => {
    const client = ensureQueryClient();
    // Already asked for by then; a failed download only means no cache to update.
    client.catch(() => {});
    setState((s) => ({ ...s, isPending: true }));
    mutationFn(variables).then(
      (data) => {
        setState({ isPending: false, data });
        outdatePageAnswers();
        client.then((c) => onSuccess?.(c, data)).catch(() => {});
        callbacks?.onSuccess?.(data);
      },
      (error: unknown) => {
        setState((s) => ({ ...s, isPending: false }));
        callbacks?.onError?.(error);
      },
    );
  };
  return { ...state, mutate };
}
