/**
 * The first data the server sent inside the page (apps/server/src/modules/web/app-page.ts): the
 * answers to the GET requests the first screen makes, so it renders as soon as its code has run
 * instead of after a round trip per request. Each answer is used once, and only while the page is
 * new; every later read goes to the network as usual.
 */
import { BOOT_ELEMENT_ID, bootKey } from '@meatshop/shared/page-boot';

/** Past this, the page's data is too old to show as current: ask the server. */
const FRESH_FOR_MS = 60_000;

let answers: Map<string, unknown> | undefined;
const onServer = typeof document === 'undefined';

/** The server's render (entry-server.tsx) sets each page's answers before rendering it. */
export function setPageData(data: Record<string, unknown>) {
  answers = new Map(Object.entries(data));
}

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  if (onServer) return answers;
  const element = document.getElementById(BOOT_ELEMENT_ID);
  try {
    if (element?.textContent) answers = new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
  } catch {
    // A damaged page: every read goes to the network.
  }
  element?.remove();
  return answers;
}

/** The page's answer to `GET url` (path and query), once; undefined when it has none. */
export function takeBootData(url: string): unknown {
  const map = load();
  if (map.size === 0) return undefined;
  if (!onServer && performance.now() > FRESH_FOR_MS) {
    map.clear();
    return undefined;
  }
  const key = bootKey(url);
  const value = map.get(key);
  map.delete(key);
  return value;
}

/**
 * A query's `initialData` from the page's answer to `url` (shaped by `select`, as the query's own
 * function shapes the network answer), so the first screen renders with its data in one pass rather
 * than a loading state and a second render.
 */
export function fromPage<T, R = T>(url: string, select?: (answer: T) => R) {
  return {
    initialData: (): R | undefined => {
      const answer = takeBootData(url) as T | undefined;
      if (answer === undefined) return undefined;
      return select ? select(answer) : (answer as unknown as R);
    },
    // As old as the page, so the query's staleTime counts from when the server answered.
    initialDataUpdatedAt: onServer ? Date.now() : performance.timeOrigin,
  };
}
