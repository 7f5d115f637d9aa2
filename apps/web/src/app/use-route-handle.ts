/** The deepest matched route's handle: what router.tsx attaches to each screen. */
import type { MessageDescriptor } from '@lingui/core';
import { useMatches } from '@/lib/router';

export interface RouteHandle {
  /** Shown as the page heading of placeholder screens and in the document title. */
  title: string;
  /** The title in the page's language, for an area whose texts are translated (`title` stays English). */
  titleMessage?: MessageDescriptor;
  description?: string;
}

export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}
