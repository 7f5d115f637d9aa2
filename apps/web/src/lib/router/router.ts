/**
 * The router's state outside React: where the app is, which routes that selects, and whether a
 * navigation is waiting for its screens' code. A navigation loads every lazy screen it needs first and
 * only then moves the address bar and the page, so the old page stays (with a progress bar) instead of
 * a blank one. The browser router follows the history API; the static one (server rendering) stays
 * on one address.
 */
import { type Params, type RouteMatch, type RouteObject, matchRoutes } from './match';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` carried; kept in the history entry. */
  state: unknown;
  key: string;
}

export interface Navigation {
  state: 'idle' | 'loading';
  location?: Location;
}

export interface RouterState {
  location: Location;
  matches: RouteMatch[];
  navigation: Navigation;
  /** False until the first page's lazy screens have loaded (a start the server did not render). */
  initialized: boolean;
  /** A screen's code that could not load, or a path no route matches; shown by an ErrorBoundary. */
  error: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Router {
  readonly routes: RouteObject[];
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** A path (absolute, or `?query` / `#hash` on the current page), or a step through history. */
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  /** Where `to` leads from `from`: pathname, search and hash. */
  resolve(to: string, from?: Location): Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** A path no route matches, as react-router reports it. */
export class ErrorResponse {
  readonly internal = true;
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {}
}

export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  return error instanceof ErrorResponse;
}

const IDLE: Navigation = { state: 'idle' };
const loading = new WeakMap<RouteObject, Promise<void>>();

/** Loads a lazy route's component once and keeps it on the route; undefined when nothing to load. */
function loadRoute(route: RouteObject): Promise<void> | undefined {
  const { lazy } = route;
  if (typeof lazy !== 'function') return undefined;
  let promise = loading.get(route);
  if (!promise) {
    promise = lazy().then((loaded) => {
      Object.assign(route, loaded, { lazy: undefined });
    });
    // A failed load (usually a release replaced the chunks) may be tried again later.
    promise.catch(() => loading.delete(route));
    loading.set(route, promise);
  }
  return promise;
}

const needsLoading = (matches: RouteMatch[] | null) => matches?.some((m) => typeof m.route.lazy === 'function') ?? false;

/** The lazy screens of `pathname`, loaded and in place in the route table. */
export async function loadRoutes(routes: RouteObject[], pathname: string) {
  await Promise.all((matchRoutes(routes, pathname) ?? []).map((m) => loadRoute(m.route)));
}

function resolve(to: string, from: Pick<Location, 'pathname' | 'search'> = { pathname: '/', search: '' }) {
  const url = new URL(to, `http://app${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const notFound = (pathname: string) => new ErrorResponse(404, 'Not Found', `No route matches ${pathname}`);
const newKey = () => Math.random().toString(36).slice(2, 10);

function stateAt(routes: RouteObject[], location: Location): Omit<RouterState, 'navigation' | 'initialized'> {
  const matches = matchRoutes(routes, location.pathname);
  return { location, matches: matches ?? [], error: matches ? null : notFound(location.pathname) };
}

/** The router of the browser: the address bar and history, with the app's routes. */
export function createBrowserRouter(routes: RouteObject[]): Router {
  const listeners = new Set<(state: RouterState) => void>();
  const current = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  const start = current();
  let state: RouterState = {
    ...stateAt(routes, start),
    navigation: IDLE,
    initialized: !needsLoading(matchRoutes(routes, start.pathname)),
  };
  const set = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  };

  // Only the newest navigation may finish; an older one still loading is dropped.
  let latest = 0;
  async function go(location: Location, history: 'push' | 'replace' | null) {
    const id = ++latest;
    const matches = matchRoutes(routes, location.pathname);
    let error: unknown = null;
    if (needsLoading(matches)) {
      if (state.initialized) set({ navigation: { state: 'loading', location } });
      try {
        await Promise.all(matches!.map((m) => loadRoute(m.route)));
      } catch (err) {
        error = err;
      }
      if (id !== latest) return;
    }
    if (history) {
      const href = location.pathname + location.search + location.hash;
      const entry = { usr: location.state, key: location.key };
      if (history === 'push') window.history.pushState(entry, '', href);
      else window.history.replaceState(entry, '', href);
    }
    set({ ...stateAt(routes, location), ...(error ? { error } : {}), navigation: IDLE, initialized: true });
  }

  const onPop = () => void go(current(), null);
  if (!state.initialized) void go(start, null);

  return {
    routes,
    get state() {
      return state;
    },
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('popstate', onPop);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', onPop);
      };
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        window.history.go(to);
        return Promise.resolve();
      }
      const target = resolve(to, state.location);
      return go({ ...target, state: options.state ?? null, key: newKey() }, options.replace ? 'replace' : 'push');
    },
    resolve: (to, from = state.location) => resolve(to, from),
  };
}

/**
 * A router fixed on one address, for rendering a page on the server. Its lazy screens must be loaded
 * first (`loadRoutes`); navigating does nothing.
 */
export function createStaticRouter(routes: RouteObject[], url: string): Router {
  const { pathname, search, hash } = resolve(url);
  const state: RouterState = {
    ...stateAt(routes, { pathname, search, hash, state: null, key: 'default' }),
    navigation: IDLE,
    initialized: true,
  };
  if (needsLoading(state.matches)) throw new Error(`The screens of ${pathname} are not loaded`);
  return {
    routes,
    state,
    subscribe: () => () => {},
    navigate: () => Promise.resolve(),
    resolve: (to, from = state.location) => resolve(to, from),
  };
}

export type { Params, RouteMatch, RouteObject };
