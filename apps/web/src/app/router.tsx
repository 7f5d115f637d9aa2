/**
 * Every route of the app. Every screen is its own chunk, the home page's too (its slider and video
 * are no part of a first visit to another page), and the admin, outlet and rider areas load only for
 * people allowed in (their gates are small and eager, their layouts and screens lazy), so a
 * shopper's first visit stays light.
 */
import type { MessageDescriptor } from '@lingui/core';
import { type ComponentType, useEffect, useState } from 'react';
import { createBrowserRouter, loadRoutes, matchRoutes, Navigate, type RouteObject, RouterProvider } from '@/lib/router';
import { paths } from '@/lib/paths';
import { releasePageSnapshot } from '@/stores/shop-store';
import { type CatalogArea, withAreaCatalog } from '@/lib/i18n';
import { withQueryClient } from '@/lib/query-client';
import { FullPageSpinner } from './auth-gate';
import type { QueryFreeScreen } from '@meatshop/shared/query-free-screens';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './use-route-handle';
import { RouteError } from './route-error';
import { RequireAdmin } from './routes/admin/require-admin';
import { RequireOutletEmployee } from './routes/outlet/require-outlet-employee';
import { OUTLET_TITLES } from './routes/outlet/outlet-titles';
import { RequireRider, RedirectSignedInRider } from './routes/rider/require-rider';
import { RIDER_TITLES } from './routes/rider/rider-titles';
import { ACCOUNT_TITLES } from '@/features/account/account-titles';
import { RequireCheckoutUser } from './routes/storefront/require-checkout-user';
import { RequireCustomer } from './routes/storefront/require-customer';
import { CONTENT_TITLES } from './routes/storefront/content-titles';
import { StorefrontLayout } from './routes/storefront/storefront-layout';
import { STOREFRONT_TITLES } from './routes/storefront/storefront-titles';

/** A lazily loaded screen with its title; spread into a route with its `path` or `index`. */
interface LazyScreen {
  handle: RouteHandle;
  lazy: () => Promise<{ Component: ComponentType }>;
}

/** A real storefront screen, lazily loaded. */
const storefrontScreen = (
  title: string,
  load: () => Promise<ComponentType>,
  description?: string,
  titleMessage?: MessageDescriptor,
): LazyScreen => ({
  handle: { title, description, titleMessage },
  lazy: () => load().then((Component) => ({ Component })),
});

/** The loaders of the screens in QUERY_FREE_SCREENS: `awaitQueryClient` leaves them as they are. */
const queryFree = new WeakSet<() => unknown>();
/** A storefront screen that uses no query (`_screen` names it in QUERY_FREE_SCREENS). */
const queryFreeScreen = (
  _screen: QueryFreeScreen,
  title: string,
  load: () => Promise<ComponentType>,
  titleMessage?: MessageDescriptor,
): LazyScreen => {
  const screen = storefrontScreen(title, load);
  if (titleMessage) screen.handle.titleMessage = titleMessage;
  queryFree.add(screen.lazy);
  return screen;
};

/** A back-office operations screen (queues, stock, zones, reports, settings), lazily loaded. */
const opsScreen = (path: string, title: string, load: () => Promise<ComponentType>, description?: string): RouteObject => ({
  path,
  handle: { title, description } satisfies RouteHandle,
  lazy: () => load().then((Component) => ({ Component })),
});

/** A real back-office screen, lazily loaded with its module. */
const adminScreen = (
  path: string | undefined,
  title: string,
  load: () => Promise<Record<string, ComponentType>>,
  name: string,
): RouteObject => ({
  ...(path === undefined ? { index: true as const } : { path }),
  handle: { title } satisfies RouteHandle,
  lazy: () => load().then((m) => ({ Component: m[name] as ComponentType })),
});

const homeScreen = queryFreeScreen(
  'home-screen',
  'Premium sausages, cold cuts and fresh meat',
  () => import('./routes/storefront/home-screen').then((m) => m.HomeScreen),
  CONTENT_TITLES.home,
);

const productsScreen = queryFreeScreen(
  'products-screen',
  'All Products',
  () => import('./routes/storefront/products-screen').then((m) => m.ProductsScreen),
  STOREFRONT_TITLES.products,
);

const storefrontRoutes: RouteObject[] = [
  awaitCatalog('content', { index: true, ...homeScreen }),
  awaitCatalog('content', {
    path: 'about',
    ...queryFreeScreen(
      'about-screen',
      'Our Story',
      () => import('./routes/storefront/about-screen').then((m) => m.AboutScreen),
      CONTENT_TITLES.about,
    ),
  }),
  { path: 'products', ...productsScreen },
  { path: 'shop', ...productsScreen },
  {
    path: 'products/:id',
    ...queryFreeScreen(
      'product-detail-screen',
      'Product details',
      () => import('./routes/storefront/product-detail-screen').then((m) => m.ProductDetailScreen),
      STOREFRONT_TITLES.product,
    ),
  },
  {
    path: 'cart',
    ...queryFreeScreen(
      'cart-screen',
      'Shopping Cart',
      () => import('./routes/storefront/cart-screen').then((m) => m.CartScreen),
      STOREFRONT_TITLES.cart,
    ),
  },
  // The account side (checkout, payment, orders, password, account and trade screens): each screen
  // waits for the account catalog, which a public page never downloads.
  ...[
    {
      path: 'checkout',
      Component: RequireCheckoutUser,
      children: [
        {
          index: true,
          handle: { title: 'Checkout', titleMessage: ACCOUNT_TITLES.checkout } satisfies RouteHandle,
          lazy: () => import('./routes/storefront/checkout-screen').then((m) => ({ Component: m.CheckoutScreen })),
        },
      ],
    },
    {
      path: 'pay/:token',
      ...storefrontScreen(
        'Pay for your order',
        () => import('./routes/storefront/pay-link-screen').then((m) => m.PayLinkScreen),
        undefined,
        ACCOUNT_TITLES.payLink,
      ),
    },
    {
      path: 'orders/confirm',
      handle: { title: 'Payment status', titleMessage: ACCOUNT_TITLES.paymentStatus } satisfies RouteHandle,
      lazy: () => import('./routes/storefront/payment-result-screen').then((m) => ({ Component: m.PaymentResultScreen })),
    },
    {
      path: 'orders',
      Component: RequireCustomer,
      children: [
        {
          index: true,
          handle: { title: 'My Orders', titleMessage: ACCOUNT_TITLES.orders } satisfies RouteHandle,
          lazy: () => import('./routes/storefront/orders-screen').then((m) => ({ Component: m.OrdersScreen })),
        },
        {
          path: ':id',
          handle: { title: 'Order details', titleMessage: ACCOUNT_TITLES.orderDetail } satisfies RouteHandle,
          lazy: () => import('./routes/storefront/order-detail-screen').then((m) => ({ Component: m.OrderDetailScreen })),
        },
      ],
    },
    {
      path: 'forgot-password',
      ...storefrontScreen(
        'Forgot password',
        () => import('./routes/storefront/password-screens').then((m) => m.ForgotPasswordScreen),
        undefined,
        ACCOUNT_TITLES.forgotPassword,
      ),
    },
    {
      path: 'reset-password',
      ...storefrontScreen(
        'Choose a new password',
        () => import('./routes/storefront/password-screens').then((m) => m.ResetPasswordScreen),
        undefined,
        ACCOUNT_TITLES.resetPassword,
      ),
    },
    {
      path: 'account',
      children: [
        {
          index: true,
          handle: { title: 'My Account', titleMessage: ACCOUNT_TITLES.account } satisfies RouteHandle,
          lazy: () => import('./routes/storefront/account-screen').then((m) => ({ Component: m.AccountScreen })),
        },
        {
          path: 'trade',
          handle: { title: 'Trade account', titleMessage: ACCOUNT_TITLES.trade } satisfies RouteHandle,
          lazy: () => import('./routes/storefront/trade/trade-screen').then((m) => ({ Component: m.TradeScreen })),
        },
        {
          path: 'trade/standing-orders',
          handle: { title: 'Standing orders', titleMessage: ACCOUNT_TITLES.standingOrders } satisfies RouteHandle,
          lazy: () => import('./routes/storefront/trade/standing-orders-screen').then((m) => ({ Component: m.StandingOrdersScreen })),
        },
        {
          path: 'trade/join',
          handle: { title: 'Join a business', titleMessage: ACCOUNT_TITLES.tradeJoin } satisfies RouteHandle,
          lazy: () => import('./routes/storefront/trade/join-screen').then((m) => ({ Component: m.TradeJoinScreen })),
        },
      ],
    },
  ].map((route) => awaitCatalog('account', route)),
  awaitCatalog('content', {
    path: 'discover',
    children: [
      {
        index: true,
        ...queryFreeScreen(
          'discover-screen',
          'Discover',
          () => import('./routes/storefront/discover-screen').then((m) => m.DiscoverScreen),
          CONTENT_TITLES.discover,
        ),
      },
      {
        path: 'recipes',
        ...queryFreeScreen(
          'recipes-screen',
          'Recipes',
          () => import('./routes/storefront/recipes-screen').then((m) => m.RecipesScreen),
          CONTENT_TITLES.recipes,
        ),
      },
      { path: 'blogs', element: <Navigate to={paths.discover.comingSoon('blogs')} replace /> },
      { path: 'campaigns', element: <Navigate to={paths.discover.comingSoon('campaigns')} replace /> },
      {
        path: 'coming-soon/:type',
        ...queryFreeScreen(
          'coming-soon-screen',
          'Coming soon',
          () => import('./routes/storefront/coming-soon-screen').then((m) => m.ComingSoonScreen),
          CONTENT_TITLES.comingSoon,
        ),
      },
      { path: '*', element: <Navigate to={paths.discover.root} replace /> },
    ],
  }),
  awaitCatalog('content', {
    path: 'certifications',
    ...queryFreeScreen(
      'certifications-screen',
      'Certifications',
      () => import('./routes/storefront/certifications-screen').then((m) => m.CertificationsScreen),
      CONTENT_TITLES.certifications,
    ),
  }),
  awaitCatalog('content', {
    path: 'contact',
    ...queryFreeScreen(
      'contact-screen',
      'Contact Us',
      () => import('./routes/storefront/contact-screen').then((m) => m.ContactScreen),
      CONTENT_TITLES.contact,
    ),
  }),
  awaitCatalog('content', {
    path: 'privacy',
    ...queryFreeScreen(
      'legal-screens',
      'Privacy Policy',
      () => import('./routes/storefront/legal-screens').then((m) => m.PrivacyScreen),
      CONTENT_TITLES.privacy,
    ),
  }),
  awaitCatalog('content', {
    path: 'terms',
    ...queryFreeScreen(
      'legal-screens',
      'Terms of Service',
      () => import('./routes/storefront/legal-screens').then((m) => m.TermsScreen),
      CONTENT_TITLES.terms,
    ),
  }),
  // Any other path shows the storefront.
  awaitCatalog('content', { path: '*', ...homeScreen }),
];

const adminRoutes: RouteObject = {
  path: 'admin',
  Component: RequireAdmin,
  children: [
    {
      lazy: () => import('./routes/admin/admin-layout').then((m) => ({ Component: m.AdminLayout })),
      children: [
        adminScreen(undefined, 'Dashboard', () => import('./routes/admin/dashboard/dashboard-screen'), 'DashboardScreen'),
        adminScreen('products', 'Products', () => import('./routes/admin/catalog/products-screen'), 'ProductsScreen'),
        adminScreen('products/categories', 'Categories', () => import('./routes/admin/catalog/categories-screen'), 'CategoriesScreen'),
        opsScreen('products/inventory', 'Inventory', () => import('./routes/admin/inventory/stock-screen').then((m) => m.InventoryScreen)),
        adminScreen('orders', 'Orders', () => import('./routes/admin/orders/orders-screen'), 'OrdersScreen'),
        // Staff take an order with the checkout's own pickers (delivery time, payment, place), whose
        // texts live in the account catalog.
        awaitCatalog(
          'account',
          adminScreen('orders/new', 'New Order', () => import('./routes/admin/orders/new-order-screen'), 'NewOrderScreen'),
        ),
        opsScreen('orders/pending', 'Pending Orders', () =>
          import('./routes/admin/orders/order-queue-screen').then((m) => m.PendingOrdersScreen),
        ),
        opsScreen('orders/processing', 'Processing Orders', () =>
          import('./routes/admin/orders/order-queue-screen').then((m) => m.ProcessingOrdersScreen),
        ),
        adminScreen('outlets', 'Outlets', () => import('./routes/admin/outlets/outlets-screen'), 'OutletsScreen'),
        opsScreen('outlets/recalls', 'Recalls', () => import('./routes/admin/recalls/recalls-screen').then((m) => m.RecallsScreen)),
        opsScreen('outlets/stock', 'Outlet Stock', () => import('./routes/admin/inventory/stock-screen').then((m) => m.OutletStockScreen)),
        adminScreen('customers', 'Customers', () => import('./routes/admin/people/customers-screen'), 'CustomersScreen'),
        adminScreen('customers/:id', 'Customer', () => import('./routes/admin/people/customer-screen'), 'CustomerScreen'),
        adminScreen('trade', 'Trade accounts', () => import('./routes/admin/trade/trade-accounts-screen'), 'TradeAccountsScreen'),
        adminScreen('trade/receivables', 'Receivables', () => import('./routes/admin/trade/receivables-screen'), 'ReceivablesScreen'),
        adminScreen('employees', 'Employees', () => import('./routes/admin/people/employees-screen'), 'EmployeesScreen'),
        {
          path: 'employees/roles',
          handle: { title: 'Roles', description: 'The roles outlet employees can hold.' } satisfies RouteHandle,
          lazy: () => import('./routes/admin/people/roles-screen').then((m) => ({ Component: m.AdminRolesScreen })),
        },
        adminScreen('delivery/riders', 'Delivery Riders', () => import('./routes/admin/people/riders-screen'), 'RidersScreen'),
        opsScreen('delivery/dispatch', 'Dispatch', () => import('./routes/admin/dispatch/dispatch-screen').then((m) => m.DispatchScreen)),
        opsScreen('delivery/zones', 'Delivery Zones', () => import('./routes/admin/dispatch/zones-screen').then((m) => m.ZonesScreen)),
        opsScreen('delivery/cash', 'Rider Cash', () => import('./routes/admin/dispatch/cash-screen').then((m) => m.CashScreen)),
        opsScreen('reports/sales', 'Sales Report', () =>
          import('./routes/admin/reports/sales-report-screen').then((m) => m.SalesReportScreen),
        ),
        opsScreen('reports/inventory', 'Inventory Report', () =>
          import('./routes/admin/reports/inventory-report-screen').then((m) => m.InventoryReportScreen),
        ),
        opsScreen('reports/weighed', 'Sold by Weight', () =>
          import('./routes/admin/reports/weighed-report-screen').then((m) => m.WeighedReportScreen),
        ),
        opsScreen('reports/payments', 'Payments Report', () =>
          import('./routes/admin/reports/payments-report-screen').then((m) => m.PaymentsReportScreen),
        ),
        opsScreen('reports/delivery-performance', 'Delivery Performance Report', () =>
          import('./routes/admin/reports/delivery-performance-screen').then((m) => m.DeliveryPerformanceScreen),
        ),
        opsScreen('reports/substitutions', 'Substitutions Report', () =>
          import('./routes/admin/reports/substitutions-report-screen').then((m) => m.SubstitutionsReportScreen),
        ),
        adminScreen('subscriptions', 'Subscriptions', () => import('./routes/admin/people/subscriptions-screen'), 'SubscriptionsScreen'),
        opsScreen('settings', 'Settings', () => import('./routes/admin/settings/settings-screen').then((m) => m.SettingsScreen)),
        adminScreen('activity', 'Activity', () => import('./routes/admin/activity/activity-screen'), 'ActivityScreen'),
        opsScreen('staff', 'Staff & Roles', () => import('./routes/admin/staff/staff-screen').then((m) => m.StaffScreen)),
        opsScreen('security', 'Sign-in Security', () => import('./routes/admin/staff/security-screen').then((m) => m.SecurityScreen)),
        { path: '*', element: <Navigate to={paths.admin.root} replace /> },
      ],
    },
  ],
};

/** An outlet portal screen: its own lazy chunk inside the outlet area. */
const outletScreen = (title: string, key: keyof typeof OUTLET_TITLES, load: () => Promise<{ Component: ComponentType }>): LazyScreen => ({
  handle: { title, titleMessage: OUTLET_TITLES[key] },
  lazy: load,
});

const outletRoutes: RouteObject = {
  path: 'outlet',
  Component: RequireOutletEmployee,
  children: [
    {
      lazy: () => import('./routes/outlet/outlet-layout').then((m) => ({ Component: m.OutletLayout })),
      children: [
        {
          index: true,
          ...outletScreen('Dashboard', 'dashboard', () =>
            import('./routes/outlet/outlet-dashboard-screen').then((m) => ({ Component: m.OutletDashboardScreen })),
          ),
        },
        {
          path: 'orders',
          ...outletScreen('Orders', 'orders', () =>
            import('./routes/outlet/outlet-orders-screen').then((m) => ({ Component: m.OutletOrdersScreen })),
          ),
        },
        {
          path: 'orders/:id',
          ...outletScreen('Order details', 'order', () =>
            import('./routes/outlet/outlet-order-screen').then((m) => ({ Component: m.OutletOrderScreen })),
          ),
        },
        {
          path: 'stock',
          ...outletScreen('Stock', 'stock', () =>
            import('./routes/outlet/outlet-stock-screen').then((m) => ({ Component: m.OutletStockScreen })),
          ),
        },
        {
          path: 'cash',
          ...outletScreen('Rider Cash', 'cash', () =>
            import('./routes/outlet/outlet-cash-screen').then((m) => ({ Component: m.OutletCashScreen })),
          ),
        },
        {
          path: 'staff',
          ...outletScreen('Staff Management', 'staff', () =>
            import('./routes/outlet/outlet-staff-screen').then((m) => ({ Component: m.OutletStaffScreen })),
          ),
        },
        {
          path: 'settings',
          ...outletScreen('Outlet Settings', 'settings', () =>
            import('./routes/outlet/outlet-settings-screen').then((m) => ({ Component: m.OutletSettingsScreen })),
          ),
        },
        { path: '*', element: <Navigate to={paths.outlet.root} replace /> },
      ],
    },
  ],
};

const riderRoutes: RouteObject = {
  path: 'rider',
  children: [
    {
      path: 'login',
      Component: RedirectSignedInRider,
      children: [
        {
          index: true,
          handle: { title: 'Rider sign in', titleMessage: RIDER_TITLES.login } satisfies RouteHandle,
          lazy: () => import('./routes/rider/rider-login-screen').then((m) => ({ Component: m.RiderLoginScreen })),
        },
      ],
    },
    {
      Component: RequireRider,
      children: [
        {
          lazy: () => import('./routes/rider/rider-layout').then((m) => ({ Component: m.RiderLayout })),
          children: [
            {
              index: true,
              handle: { title: 'Dashboard', titleMessage: RIDER_TITLES.dashboard } satisfies RouteHandle,
              lazy: () => import('./routes/rider/rider-dashboard-screen').then((m) => ({ Component: m.RiderDashboardScreen })),
            },
            {
              path: 'orders/:id',
              handle: { title: 'Delivery', titleMessage: RIDER_TITLES.order } satisfies RouteHandle,
              lazy: () => import('./routes/rider/rider-order-screen').then((m) => ({ Component: m.RiderOrderScreen })),
            },
            {
              path: 'earnings',
              handle: { title: 'Earnings', titleMessage: RIDER_TITLES.earnings } satisfies RouteHandle,
              lazy: () => import('./routes/rider/rider-earnings-screen').then((m) => ({ Component: m.RiderEarningsScreen })),
            },
            {
              path: 'cash',
              handle: { title: 'Cash', titleMessage: RIDER_TITLES.cash } satisfies RouteHandle,
              lazy: () => import('./routes/rider/rider-cash-screen').then((m) => ({ Component: m.RiderCashScreen })),
            },
            {
              path: 'profile',
              handle: { title: 'Profile', titleMessage: RIDER_TITLES.profile } satisfies RouteHandle,
              lazy: () => import('./routes/rider/rider-profile-screen').then((m) => ({ Component: m.RiderProfileScreen })),
            },
            { path: '*', element: <Navigate to={paths.rider.root} replace /> },
          ],
        },
      ],
    },
  ],
};

/**
 * Every lazy screen of an area (its layout and screens) also waits for the area's texts in the page's
 * language (lib/i18n.ts `withAreaCatalog`), so the area's first screen never shows English first.
 * Gates without texts stay eager. One call per area, where its routes join the table.
 */
function awaitCatalog(area: CatalogArea, route: RouteObject): RouteObject {
  const { lazy, children } = route;
  const awaiting = typeof lazy === 'function' ? withAreaCatalog(area, lazy) : undefined;
  // Still a screen without queries: awaitQueryClient below must leave it as it is.
  if (awaiting && queryFree.has(lazy as () => unknown)) queryFree.add(awaiting);
  return {
    ...route,
    catalog: area,
    ...(awaiting ? { lazy: awaiting } : {}),
    ...(children ? { children: children.map((child) => awaitCatalog(area, child)) } : {}),
  } as RouteObject;
}

/**
 * The areas of texts `pathname`'s screens need besides the storefront's: the server loads them in
 * the page's language before it renders (its lazy screens load once per process, in no language).
 */
export function catalogAreasFor(pathname: string): CatalogArea[] {
  const areas = (matchRoutes(routes, pathname) ?? []).map((m) => m.route.catalog as CatalogArea | undefined);
  return [...new Set(areas.filter((a) => a !== undefined))];
}

/**
 * Every lazy route also waits for the QueryClient (lib/query-client.ts), except the screens that use
 * no query: the home page and those never load it.
 */
function awaitQueryClient(route: RouteObject): RouteObject {
  const { lazy, children } = route;
  return {
    ...route,
    ...(typeof lazy === 'function' && !queryFree.has(lazy) ? { lazy: withQueryClient(lazy) } : {}),
    ...(children ? { children: children.map(awaitQueryClient) } : {}),
  } as RouteObject;
}

export const routes: RouteObject[] = [
  awaitQueryClient({
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: FullPageSpinner,
    children: [
      { Component: StorefrontLayout, children: storefrontRoutes },
      adminRoutes,
      awaitCatalog('outlet', outletRoutes),
      awaitCatalog('rider', riderRoutes),
    ],
  }),
];

/**
 * Starts loading the screens of `pathname` at once, while the session is still being asked for, so
 * the router finds them loaded instead of fetching them afterwards.
 */
export function preloadRoute(pathname: string) {
  loadRoutes(routes, pathname).catch(() => {});
}

/**
 * Loads the lazy screens of `pathname` and puts them into the route table, so a page the server
 * rendered hydrates with its screens in place (not with the loading fallback).
 */
export const resolveRoute = (pathname: string) => loadRoutes(routes, pathname);

/** Created only after the session is known, so the first screen's gate sees the right user. */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  // Once hydrated, the server-rendered page takes input (stores/shop-store.ts: the saved cart shows).
  // The mark times it in a trace (bench/lighthouse/trace.ts).
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('data-pending');
    performance.mark('app-ready');
    releasePageSnapshot();
  }, []);
  return <RouterProvider router={router} />;
}
