/** A list's choices (search, filters, sort, page, hidden columns) as address parameters, with a prefix per list. */
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
