/**
 * `useQuery` for the screens a shopper lands on (the listing, a product page) that must hydrate
 * without TanStack Query (about 10 KB gzip of their first visit). Until the library is loaded the
 * hook renders from the page's data (boot-data.ts), as the server's render did; then it attaches a
 * QueryObserver of the app's one client, seeding the cache with that same answer, so nothing is
 * fetched twice and what is on screen does not change. From there it is the library's query: the
 * same cache, staleness and invalidations (after a review, a rating or an order) as any other.
 *
 * The library loads when the page is idle, or at once when the screen needs something the page did
 * not carry (a filter changed, a client-side visit to another product, a refetch).
 */
import type { QueryKey, QueryObserver, QueryObserverOptions, QueryObserverResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ensureQueryClient, loadedQueryClient, onQueryClient, queryLibrary } from './query-client';

const onServer = typeof document === 'undefined';

export interface CachedQueryOptions<TQueryFnData, TData> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<TQueryFnData>;
  enabled?: boolean;
  staleTime?: number;
  select?: (data: TQueryFnData) => TData;
  /** Keeps the previous answer on screen while a new key loads (`keepPreviousData`). */
  keepPrevious?: boolean;
  /** From `fromPage` (boot-data.ts). */
  initialData?: () => TQueryFnData | undefined;
  initialDataUpdatedAt?: number;
}

/** The part of `useQuery`'s result the screens read. */
export interface CachedQueryResult<TData> {
  data: TData | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** As TanStack Query hashes a key: plain objects with their keys sorted. */
function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, (value as Record<string, unknown>)[k]]),
        )
      : value,
  );
}

/**
 * The page's answers taken so far, by key, until the cache holds them: `takeBootData` gives an answer
 * once, and a screen may render more than once before the library arrives.
 */
const pageAnswers = new Map<string, PageAnswer<unknown>>();
interface PageAnswer<T> {
  data: T;
  /** A write (a review, a rating) went through since: the cache takes it as stale and asks again. */
  outdated?: boolean;
}

/** After a write, before the cache exists to invalidate: what the page carried is asked for again. */
export function outdatePageAnswers() {
  for (const answer of pageAnswers.values()) answer.outdated = true;
}

function pageAnswer<T>(hash: string, take: (() => T | undefined) | undefined): PageAnswer<T> | undefined {
  let held = pageAnswers.get(hash) as PageAnswer<T> | undefined;
  if (!held) {
    const data = take?.();
    if (data === undefined) return undefined;
    held = { data };
    pageAnswers.set(hash, held);
  }
  return held;
}

const noSubscription = () => () => {};

export function useCachedQuery<TQueryFnData, TData = TQueryFnData>(
  options: CachedQueryOptions<TQueryFnData, TData>,
): CachedQueryResult<TData> {
  const hash = hashKey(options.queryKey);
  // The server's render and the hydrating render see no client: both render from the page's data.
  const client = useSyncExternalStore(onQueryClient, loadedQueryClient, () => undefined);
  const [serverAnswer] = useState(() => (onServer ? options.initialData?.() : undefined));
  const answer: PageAnswer<TQueryFnData> | undefined = onServer
    ? serverAnswer === undefined
      ? undefined
      : { data: serverAnswer }
    : pageAnswer(hash, options.initialData);
  const lastRaw = useRef<TQueryFnData | undefined>(undefined);
  const lastData = useRef<TData | undefined>(undefined);
  const [loadError, setLoadError] = useState<Error | null>(null);

  // The observer's functions stay the same from render to render, as `useQuery`'s callers keep them:
  // a new `select` or `placeholderData` makes it compute a new result and notify, each render again.
  const latest = useRef(options);
  latest.current = options;
  const [stable] = useState(() => ({
    select: (data: TQueryFnData) => latest.current.select!(data),
    placeholderData: (previous?: TQueryFnData) => previous ?? lastRaw.current,
  }));

  const observerRef = useRef<QueryObserver<TQueryFnData, Error, TData> | undefined>(undefined);
  const observerOptions = client
    ? client.defaultQueryOptions<TQueryFnData, Error, TData>({
        queryKey: options.queryKey,
        queryFn: options.queryFn,
        // Only what the caller set: an `undefined` here would override the client's defaults (staleTime).
        ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
        ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
        select: options.select ? stable.select : undefined,
        placeholderData: options.keepPrevious ? stable.placeholderData : undefined,
        initialData: answer?.data,
        initialDataUpdatedAt: answer?.outdated ? 0 : options.initialDataUpdatedAt,
      } as QueryObserverOptions<TQueryFnData, Error, TData>)
    : undefined;
  if (observerOptions) {
    // As `useQuery` does: the first render after a change already shows the cached answer.
    observerOptions._optimisticResults = 'optimistic';
    observerRef.current ??= new queryLibrary!.QueryObserver<TQueryFnData, Error, TData>(client!, observerOptions);
  }
  const observer = observerRef.current;

  const subscribe = useCallback(
    (onChange: () => void) => (observer ? observer.subscribe(queryLibrary!.notifyManager.batchCalls(onChange)) : noSubscription()),
    [observer],
  );
  const current = () => observer?.getCurrentResult();
  useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    if (observer && observerOptions) observer.setOptions(observerOptions);
  });
  // Once the cache holds the page's answer, a later visit to the same key asks the network.
  useEffect(() => {
    if (observer) pageAnswers.delete(hash);
  }, [observer, hash]);

  const needsFetch = !answer && options.enabled !== false;
  const load = useCallback(() => {
    setLoadError(null);
    ensureQueryClient().catch((error: unknown) => setLoadError(error instanceof Error ? error : new Error(String(error))));
  }, []);
  useEffect(() => {
    if (client) return;
    if (needsFetch) {
      load();
      return;
    }
    // The page's data is on screen; the cache comes once the page has nothing more urgent to do.
    const later = () => void ensureQueryClient().catch(() => {});
    if ('requestIdleCallback' in window) window.requestIdleCallback(later, { timeout: 3000 });
    else setTimeout(later, 200);
  }, [client, needsFetch, load]);

  // `select` is a function of the data only, as `useQuery` assumes: shaped once per answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `select` each render is the same function
  const selected = useMemo(
    () => (answer ? (options.select ? options.select(answer.data) : (answer.data as unknown as TData)) : undefined),
    [answer],
  );

  let result: CachedQueryResult<TData>;
  if (observer && observerOptions) {
    result = observer.getOptimisticResult(observerOptions) as QueryObserverResult<TData, Error>;
  } else {
    const shown = selected ?? (options.keepPrevious ? lastData.current : undefined);
    result = {
      data: shown,
      error: loadError,
      isError: !!loadError && shown === undefined,
      isPending: shown === undefined && !loadError,
      isFetching: needsFetch && !loadError,
      isPlaceholderData: !answer && shown !== undefined,
      refetch: load,
    };
    if (answer) lastRaw.current = answer.data;
  }
  if (result.data !== undefined) lastData.current = result.data;
  return result;
}
