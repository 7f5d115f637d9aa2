/**
 * The app's router: react-router's data-router behaviour and API names for what the app uses (lazy
 * screens loaded before a navigation commits, nested layouts, handles, an error boundary, server
 * rendering), in a few KB instead of react-router's ~34 KB of gzip on every first visit.
 */
export {
  Link,
  type LinkProps,
  Navigate,
  NavLink,
  type NavLinkProps,
  Outlet,
  RouterProvider,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from './components';
export { matchRoutes, type Params, type RouteMatch, type RouteObject } from './match';
export {
  createBrowserRouter,
  createStaticRouter,
  isRouteErrorResponse,
  loadRoutes,
  type Location,
  type NavigateOptions,
  type Router,
} from './router';
