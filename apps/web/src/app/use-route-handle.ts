/** The deepest matched route's handle (title and description, see `RouteHandle` in router.tsx). */
import { useMatches } from '@/lib/router';
import type { RouteHandle } from './router';

export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}
