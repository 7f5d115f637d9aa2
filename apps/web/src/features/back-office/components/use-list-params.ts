/** A list's choices (search, filters, sort, page, hidden columns) as address parameters, with a prefix per list. */
import { useEffect } from 'react';
import { useSearchParams } from '@/lib/router';

export function useListParams(prefix: string) {
  const [params, setParams] = useSearchParams();
  const key = (name: string) => (prefix ? `${prefix}-${name}` : name);
  const get = (name: string) => params.get(key(name)) ?? '';
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value) prev.set(key(name), value);
          else prev.delete(key(name));
        }
        return prev;
      },
      { replace: true },
    );
  return { get, set };
}

/**
 * A server-paged list asked for a page past its end (the list shrank, or an old link) goes to the
 * last page. `settled` is false while the shown page is a placeholder for the one being fetched.
 */
export function useLastPageClamp(url: ReturnType<typeof useListParams>, page: number, lastPage: number, total: number, settled: boolean) {
  const pastEnd = settled && page > lastPage && total > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: url.set is rebuilt every render; the page is what matters.
  useEffect(() => {
    if (pastEnd) url.set({ page: lastPage > 1 ? String(lastPage) : null });
  }, [pastEnd, lastPage]);
}
