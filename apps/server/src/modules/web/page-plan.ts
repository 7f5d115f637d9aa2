/**
 * What the first screen of a page needs before it can paint: the lazily loaded modules
 * of its route (named as in the web build's manifest, so the server can tell the browser to fetch
 * them with the page instead of after the app has started), the GET requests it makes at once
 * (answered inside the page, see page-boot.ts in the shared package) and the picture most likely to
 * be its largest paint.
 *
 * It mirrors apps/web/src/app/router.tsx for the pages where the first paint matters: a page missing
 * here still works, it only starts the slow way. Only public reads and the caller's own session are
 * ever sent, never data that belongs to someone else.
 */
import { listingQuery } from '@meatshop/shared/catalog-constants';
import { QUERY_FREE_SCREENS } from '@meatshop/shared/query-free-screens';

const SCREENS = 'src/app/routes';
/** TanStack Query: every lazy screen waits for it (apps/web/src/lib/query-client.ts)... */
const QUERY_CLIENT = 'src/lib/create-query-client.ts';
/**
 * ...except these (QUERY_FREE_SCREENS, shared with the web app's router):
 * they render without it, the listing and the product page from the page's data, loading it after
 * hydration, so preloading it would put it back on their first visit.
 */
const QUERY_FREE = new Set<string>(QUERY_FREE_SCREENS);
/** A storefront screen's modules: the screen, and TanStack Query unless it renders without it. */
const screenModules = (name: string) => (QUERY_FREE.has(name) ? [storefront(name)] : [storefront(name), QUERY_CLIENT]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PagePlan {
  /** Manifest keys of the modules the route loads lazily. */
  modules: string[];
  /** GET requests the first screen makes, answered in the page. */
  reads: string[];
  /** A public page the server renders to HTML (apps/web/src/entry-server.tsx). */
  render?: boolean;
}

/** Storefront screens that are one lazy module each; `true`: public, rendered by the server. */
const STOREFRONT: Record<string, [string, boolean]> = {
  '/about': ['about-screen', true],
  '/cart': ['cart-screen', true],
  '/checkout': ['checkout-screen', false],
  '/orders/confirm': ['payment-result-screen', false],
  '/orders': ['orders-screen', false],
  '/account': ['account-screen', false],
  '/forgot-password': ['password-screens', false],
  '/reset-password': ['password-screens', false],
  '/discover': ['discover-screen', true],
  '/discover/recipes': ['recipes-screen', true],
  '/certifications': ['certifications-screen', true],
  '/contact': ['contact-screen', true],
  '/privacy': ['legal-screens', true],
  '/terms': ['legal-screens', true],
};

const storefront = (name: string) => `${SCREENS}/storefront/${name}.tsx`;

export function pagePlan(pathname: string, search: URLSearchParams): PagePlan {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const session = '/api/auth/session';
  const shopInfo = '/api/shop-info';

  if (path === '/admin' || path.startsWith('/admin/')) {
    return { modules: [`${SCREENS}/admin/admin-layout.tsx`, QUERY_CLIENT], reads: [session] };
  }
  if (path === '/outlet' || path.startsWith('/outlet/')) {
    return { modules: [`${SCREENS}/outlet/outlet-layout.tsx`, QUERY_CLIENT], reads: [session] };
  }
  if (path === '/rider/login') {
    return { modules: [`${SCREENS}/rider/rider-login-screen.tsx`, QUERY_CLIENT], reads: [session, shopInfo], render: true };
  }
  if (path === '/rider' || path.startsWith('/rider/')) {
    return { modules: [`${SCREENS}/rider/rider-layout.tsx`, QUERY_CLIENT], reads: [session, shopInfo] };
  }
  if (path === '/products' || path === '/shop') {
    const query = new URLSearchParams(listingQuery(search)).toString();
    return {
      modules: screenModules('products-screen'),
      reads: [session, shopInfo, query ? `/api/products?${query}` : '/api/products', '/api/categories'],
      render: true,
    };
  }
  const product = /^\/products\/([^/]+)$/.exec(path)?.[1];
  if (product) {
    const id = UUID.test(product) ? product : null;
    return {
      modules: screenModules('product-detail-screen'),
      reads: id
        ? [session, shopInfo, `/api/products/${id}`, `/api/products/${id}/related`, `/api/products/${id}/reviews`]
        : [session, shopInfo],
      render: true,
    };
  }
  if (/^\/orders\/[^/]+$/.test(path) && path !== '/orders/confirm') {
    return { modules: screenModules('order-detail-screen'), reads: [session, shopInfo] };
  }
  if (path.startsWith('/discover/coming-soon/')) {
    return { modules: screenModules('coming-soon-screen'), reads: [session, shopInfo], render: true };
  }
  const screen = STOREFRONT[path];
  if (screen) return { modules: screenModules(screen[0]), reads: [session, shopInfo], render: screen[1] };
  // The home page, which any other path shows.
  return { modules: screenModules('home-screen'), reads: [session, shopInfo], render: true };
}
