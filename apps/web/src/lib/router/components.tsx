/**
 * The router in React: the provider that renders the matched routes (the same component on the
 * server and in the browser, so hydration finds the same tree), the links, and the hooks screens use.
 * State changes render as transitions, so a new page is prepared while the old one stays responsive.
 */
import {
  type AnchorHTMLAttributes,
  Component,
  createContext,
  createElement,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { Params, RouteMatch } from './match';
import type { Location, Navigation, NavigateOptions, Router, RouterState } from './router';

const RouterContext = createContext<Router | null>(null);
const LocationContext = createContext<{ location: Location; matches: RouteMatch[] } | null>(null);
const NavigationContext = createContext<Navigation>({ state: 'idle' });
const RouteContext = createContext<{ outlet: ReactNode; match: RouteMatch | undefined }>({ outlet: null, match: undefined });
const RouteErrorContext = createContext<unknown>(null);

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links must be used inside <RouterProvider>');
  return router;
}

function useLocationState() {
  const value = useContext(LocationContext);
  if (!value) throw new Error('Router hooks and links must be used inside <RouterProvider>');
  return value;
}

export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useEffect(() => {
    const unsubscribe = router.subscribe((next) => startTransition(() => setState(next)));
    // A change between the first render and this subscription is not missed.
    setState(router.state);
    return unsubscribe;
  }, [router]);

  const place = useMemo(() => ({ location: state.location, matches: state.matches }), [state.location, state.matches]);
  return (
    <RouterContext value={router}>
      <LocationContext value={place}>
        <NavigationContext value={state.navigation}>{renderState(state)}</NavigationContext>
      </LocationContext>
    </RouterContext>
  );
}

function renderState({ matches, initialized, error, location }: RouterState): ReactNode {
  if (!initialized) {
    const Fallback = matches.find((m) => m.route.HydrateFallback)?.route.HydrateFallback;
    return Fallback ? <Fallback /> : null;
  }
  // An error shows in the nearest ErrorBoundary at or above the route that failed to load.
  let boundary = -1;
  if (error != null) {
    const failed = matches.findIndex((m) => typeof m.route.lazy === 'function');
    for (let i = failed >= 0 ? failed : matches.length - 1; i >= 0; i--) {
      if (matches[i]!.route.ErrorBoundary) {
        boundary = i;
        break;
      }
    }
    if (boundary < 0) throw error;
  }
  const shown = boundary >= 0 ? matches.slice(0, boundary + 1) : matches;
  // From the deepest route up: each renders inside its parent's <Outlet />.
  const from = (i: number): ReactNode => {
    const match = shown[i];
    if (!match) return null;
    const outlet = from(i + 1);
    const { route } = match;
    const ErrorView = route.ErrorBoundary;
    let element: ReactNode;
    if (i === boundary && ErrorView) {
      element = (
        <RouteErrorContext value={error}>
          <ErrorView />
        </RouteErrorContext>
      );
    } else {
      element = route.Component ? createElement(route.Component) : route.element !== undefined ? route.element : outlet;
    }
    const rendered = <RouteContext value={{ outlet, match }}>{element}</RouteContext>;
    if (!ErrorView || i === boundary) return rendered;
    return (
      <RouteErrorBoundary location={location} fallback={ErrorView}>
        {rendered}
      </RouteErrorBoundary>
    );
  };
  return from(0);
}

/** Catches a screen that throws while rendering; the next page starts afresh. */
class RouteErrorBoundary extends Component<
  { location: Location; fallback: NonNullable<RouteMatch['route']['ErrorBoundary']>; children: ReactNode },
  { error: unknown; location: Location }
> {
  override state = { error: null as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: { error: unknown; location: Location }) {
    return props.location !== state.location ? { error: null, location: props.location } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error('A route failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error == null) return this.props.children;
    const Fallback = this.props.fallback;
    return (
      <RouteErrorContext value={this.state.error}>
        <Fallback />
      </RouteErrorContext>
    );
  }
}

/** Where the matched child route renders inside a layout. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

export function useNavigate() {
  const router = useRouter();
  return useCallback((to: string | number, options?: NavigateOptions) => router.navigate(to, options), [router]);
}

export function useLocation(): Location {
  return useLocationState().location;
}

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

export function useParams(): Params {
  return useContext(RouteContext).match?.params ?? {};
}

/** Every matched route from the root down, with its handle. */
export function useMatches() {
  const { matches } = useLocationState();
  return useMemo(() => matches.map((m) => ({ params: m.params, handle: m.route.handle })), [matches]);
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

type SearchInit = string | Record<string, string> | URLSearchParams | [string, string][];

/** The query string as URLSearchParams, and a setter that navigates to the same page with new ones. */
export function useSearchParams() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next);
      return navigate(`?${value}`, options);
    },
    [navigate, params],
  );
  return [params, setParams] as const;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** Replace the current history entry; by default only when the link leads to the current page. */
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A real link (it works without JavaScript and opens in a new tab) that navigates in the app. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const router = useRouter();
  const { location } = useLocationState();
  const { pathname, search, hash } = router.resolve(to, location);
  const href = pathname + search + hash;

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const here = location.pathname + location.search + location.hash;
    void router.navigate(to, { replace: replace ?? href === here, state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

interface NavLinkState {
  isActive: boolean;
  isPending: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  /** Active only on exactly this path, not below it. */
  end?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
}

/** Whether `pathname` is at `to` (or below it unless `end`), as react-router's NavLink decides. */
function isAt(pathname: string | undefined, to: string, end: boolean) {
  if (pathname === undefined) return false;
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(slash) === '/');
}

/** A link that knows when it is the current page (aria-current="page"), for navigation menus. */
export function NavLink({ end = false, className, children, ...rest }: NavLinkProps) {
  const router = useRouter();
  const { location } = useLocationState();
  const navigation = useNavigation();
  const to = router.resolve(rest.to, location).pathname;
  const state = { isActive: isAt(location.pathname, to, end), isPending: isAt(navigation.location?.pathname, to, end) };
  return (
    <Link
      {...rest}
      aria-current={state.isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(state) : className}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}

/** Goes to `to` as soon as it renders (a redirect inside the app). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const router = useRouter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it first shows
  useEffect(() => {
    void router.navigate(to, { replace, state });
  }, []);
  return null;
}
