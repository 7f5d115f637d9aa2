/** GET /api/categories: every category with its product count, ordered by name. */
import type { Category } from '@meatshop/shared/catalog';
import { api } from '@/lib/api-client';
import { fromPage } from '@/lib/boot-data';
import { useCachedQuery } from '@/lib/cached-query';

export function getCategories(signal?: AbortSignal) {
  return api.get<{ categories: Category[] }>('/api/categories', { signal }).then((r) => r.categories);
}

/** Kept as long as any catalog read (the app's 30 s) and then asked again: a 304 when unchanged. */
export function useCategories() {
  return useCachedQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    ...fromPage('/api/categories', (r: { categories: Category[] }) => r.categories),
  });
}
