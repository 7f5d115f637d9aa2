/**
 * GET /api/outlets: active outlets ordered by name, for the contact page. Read with a plain request
 * on each visit rather than through TanStack Query: the contact page renders without that library
 * (app/routes/storefront/query-free-screens.ts), and the list is short and changes rarely.
 */
import type { PublicOutlet } from '@meatshop/shared/catalog';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

export function getOutlets(signal?: AbortSignal) {
  return api.get<{ outlets: PublicOutlet[] }>('/api/outlets', { signal }).then((r) => r.outlets);
}

interface State {
  data?: PublicOutlet[];
  error?: unknown;
  isFetching: boolean;
}

type Outlets = { isFetching: boolean; refetch: () => void } & (
  | { isPending: true; isError: false; data: undefined }
  | { isPending: false; isError: true; data: undefined }
  | { isPending: false; isError: false; data: PublicOutlet[] }
);

/** The outlets with the few states the page shows: loading, failed (with a retry), the list. */
export function useOutlets(): Outlets {
  const [state, setState] = useState<State>({ isFetching: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const request = new AbortController();
    if (attempt > 0) setState((s) => ({ ...s, isFetching: true }));
    getOutlets(request.signal).then(
      (data) => setState({ data, isFetching: false }),
      (error: unknown) => {
        if (!request.signal.aborted) setState({ error, isFetching: false });
      },
    );
    return () => request.abort();
  }, [attempt]);
  const common = { isFetching: state.isFetching, refetch: () => setAttempt((n) => n + 1) };
  if (state.data) return { ...common, isPending: false, isError: false, data: state.data };
  if (state.error !== undefined) return { ...common, isPending: false, isError: true, data: undefined };
  return { ...common, isPending: true, isError: false, data: undefined };
}
