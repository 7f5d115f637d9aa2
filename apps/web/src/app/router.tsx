/**
 * Every route of spec section 2. The storefront home loads with the app; every other screen is its
 * own chunk, and the admin, outlet and rider areas load only for people allowed in (their gates are
 * small and eager, their layouts and screens lazy), so a shopper's first visit stays light.
 */
import { type ComponentType, useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { paths } from '@/lib/paths';
import { FullPageSpinner } from './auth-gate';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { RequireAdmin } from './routes/admin/require-admin';
import { RequireOutletEmployee } from './routes/outlet/require-outlet-employee';
import { RequireRider, RedirectSignedInRider } from './routes/rider/require-rider';
import { HomeScreen } from './routes/storefront/home-screen';
import { RequireCheckoutUser } from './routes/storefront/require-checkout-user';
import { RequireCustomer } from './routes/storefront/require-customer';
import { StorefrontLayout } from './routes/storefront/storefront-layout';

export interface RouteHandle {
  /** Shown as the page heading of placeholder screens and in the document title. */
  title: string;
  description?: string;
}

/** A lazily loaded screen with its title; spread into a route with its `path` or `index`. */
interface LazyScreen {
  handle: RouteHandle;
  lazy: () => Promise<{ Component: ComponentType }>;
}

const storefrontPlaceholder = (title: string, description?: string): LazyScreen => ({
  handle: { title, description },
  lazy: () => import('./routes/storefront/placeholder-screen').then((m) => ({ Component: m.PlaceholderScreen })),
});

/** A real storefront screen, lazily loaded. */
const storefrontScreen = (title: string, load: () => Promise<ComponentType>, description?: string): LazyScreen => ({
  handle: { title, description },
  lazy: () => load().then((Component) => ({ Component })),
});

const adminPlaceholder = (path: string | undefined, title: string, description?: string): RouteObject => ({
  ...(path === undefined ? { index: true as const } : { path }),
  handle: { title, description } satisfies RouteHandle,
  lazy: () => import('./routes/admin/admin-placeholder-screen').then((m) => ({ Component: m.AdminPlaceholderScreen })),
});

const storefrontRoutes: RouteObject[] = [
  { index: true, Component: HomeScreen, handle: { title: 'Premium sausages, cold cuts and fresh meat' } },
  { path: 'about', ...storefrontScreen('Our Story', () => import('./routes/storefront/about-screen').then((m) => m.AboutScreen)) },
  {
    path: 'products',
    ...storefrontScreen('All Products', () => import('./routes/storefront/products-screen').then((m) => m.ProductsScreen)),
  },
  { path: 'shop', ...storefrontScreen('All Products', () => import('./routes/storefront/products-screen').then((m) => m.ProductsScreen)) },
  {
    path: 'products/:id',
    ...storefrontScreen('Product details', () => import('./routes/storefront/product-detail-screen').then((m) => m.ProductDetailScreen)),
  },
  {
    path: 'cart',
    handle: { title: 'Shopping Cart' } satisfies RouteHandle,
    lazy: () => import('./routes/storefront/cart-screen').then((m) => ({ Component: m.CartScreen })),
  },
  {
    path: 'checkout',
    Component: RequireCheckoutUser,
    children: [
      {
        index: true,
        handle: { title: 'Checkout' } satisfies RouteHandle,
        lazy: () => import('./routes/storefront/checkout-screen').then((m) => ({ Component: m.CheckoutScreen })),
      },
    ],
  },
  { path: 'orders/confirm', ...storefrontPlaceholder('Payment status', 'Confirming your payment with the provider.') },
  {
    path: 'orders',
    Component: RequireCustomer,
    children: [
      {
        index: true,
        handle: { title: 'My Orders' } satisfies RouteHandle,
        lazy: () => import('./routes/storefront/orders-screen').then((m) => ({ Component: m.OrdersScreen })),
      },
      {
        path: ':id',
        handle: { title: 'Order details' } satisfies RouteHandle,
        lazy: () => import('./routes/storefront/order-detail-screen').then((m) => ({ Component: m.OrderDetailScreen })),
      },
    ],
  },
  {
    path: 'account',
    handle: { title: 'My Account' } satisfies RouteHandle,
    lazy: () => import('./routes/storefront/account-screen').then((m) => ({ Component: m.AccountScreen })),
  },
  {
    path: 'discover',
    children: [
      { index: true, ...storefrontScreen('Discover', () => import('./routes/storefront/discover-screen').then((m) => m.DiscoverScreen)) },
      { path: 'recipes', ...storefrontScreen('Recipes', () => import('./routes/storefront/recipes-screen').then((m) => m.RecipesScreen)) },
      { path: 'blogs', element: <Navigate to={paths.discover.comingSoon('blogs')} replace /> },
      { path: 'campaigns', element: <Navigate to={paths.discover.comingSoon('campaigns')} replace /> },
      {
        path: 'coming-soon/:type',
        ...storefrontScreen('Coming soon', () => import('./routes/storefront/coming-soon-screen').then((m) => m.ComingSoonScreen)),
      },
      { path: '*', element: <Navigate to={paths.discover.root} replace /> },
    ],
  },
  {
    path: 'certifications',
    ...storefrontScreen('Certifications', () => import('./routes/storefront/certifications-screen').then((m) => m.CertificationsScreen)),
  },
  { path: 'contact', ...storefrontScreen('Contact Us', () => import('./routes/storefront/contact-screen').then((m) => m.ContactScreen)) },
  {
    path: 'privacy',
    ...storefrontScreen('Privacy Policy', () => import('./routes/storefront/legal-screens').then((m) => m.PrivacyScreen)),
  },
  { path: 'terms', ...storefrontScreen('Terms of Service', () => import('./routes/storefront/legal-screens').then((m) => m.TermsScreen)) },
  // Any other path shows the storefront (spec section 2).
  { path: '*', Component: HomeScreen, handle: { title: 'Premium sausages, cold cuts and fresh meat' } },
];

const adminRoutes: RouteObject = {
  path: 'admin',
  Component: RequireAdmin,
  children: [
    {
      lazy: () => import('./routes/admin/admin-layout').then((m) => ({ Component: m.AdminLayout })),
      children: [
        adminPlaceholder(undefined, 'Dashboard', 'Revenue, orders, customers and alerts at a glance.'),
        adminPlaceholder('products', 'Products', 'Manage the catalogue, prices and stock.'),
        adminPlaceholder('products/categories', 'Categories', 'Group products for shoppers.'),
        adminPlaceholder('products/inventory', 'Inventory', 'Stock levels across the catalogue.'),
        adminPlaceholder('orders', 'Orders', 'Every order, its status and its rider.'),
        adminPlaceholder('orders/pending', 'Pending Orders', 'Orders waiting for a rider.'),
        adminPlaceholder('orders/processing', 'Processing Orders', 'Orders on their way.'),
        adminPlaceholder('outlets', 'Outlets', 'Shops, their products and stock.'),
        adminPlaceholder('outlets/stock', 'Outlet Stock', 'Stock at every outlet.'),
        adminPlaceholder('employees', 'Employees', 'Outlet staff and their roles.'),
        adminPlaceholder('employees/roles', 'Roles', 'What each role may do.'),
        adminPlaceholder('delivery/riders', 'Delivery Riders', 'Riders, their status and performance.'),
        adminPlaceholder('delivery/zones', 'Delivery Zones', 'Where we deliver.'),
        adminPlaceholder('reports/sales', 'Sales Report', 'Revenue over time.'),
        adminPlaceholder('reports/inventory', 'Inventory Report', 'Stock movement over time.'),
        adminPlaceholder('subscriptions', 'Subscriptions', 'Newsletter and campaign sign-ups.'),
        adminPlaceholder('settings', 'Settings', 'Shop-wide settings.'),
        { path: '*', element: <Navigate to={paths.admin.root} replace /> },
      ],
    },
  ],
};

const outletScreen = (title: string, description?: string): LazyScreen => ({
  handle: { title, description },
  lazy: () => import('./routes/outlet/outlet-placeholder-screen').then((m) => ({ Component: m.OutletPlaceholderScreen })),
});

const outletRoutes: RouteObject = {
  path: 'outlet',
  Component: RequireOutletEmployee,
  children: [
    {
      lazy: () => import('./routes/outlet/outlet-layout').then((m) => ({ Component: m.OutletLayout })),
      children: [
        { index: true, ...outletScreen('Dashboard', "Today's orders and revenue at this outlet.") },
        { path: 'orders', ...outletScreen('Orders', 'Orders placed with this outlet.') },
        { path: 'orders/:id', ...outletScreen('Order details') },
        { path: 'staff', ...outletScreen('Staff Management') },
        { path: 'settings', ...outletScreen('Outlet Settings') },
        { path: '*', element: <Navigate to={paths.outlet.root} replace /> },
      ],
    },
  ],
};

const riderScreen = (title: string, description?: string): LazyScreen => ({
  handle: { title, description },
  lazy: () => import('./routes/rider/rider-placeholder-screen').then((m) => ({ Component: m.RiderPlaceholderScreen })),
});

const riderRoutes: RouteObject = {
  path: 'rider',
  children: [
    {
      path: 'login',
      Component: RedirectSignedInRider,
      children: [
        {
          index: true,
          handle: { title: 'Rider sign in' } satisfies RouteHandle,
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
            { index: true, ...riderScreen('Dashboard', 'Your deliveries for today.') },
            { path: 'orders/:id', ...riderScreen('Delivery') },
            { path: 'earnings', ...riderScreen('Earnings', 'Today, this week and this month.') },
            { path: 'profile', ...riderScreen('Profile', 'Your details and vehicle.') },
            { path: '*', element: <Navigate to={paths.rider.root} replace /> },
          ],
        },
      ],
    },
  ],
};

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: FullPageSpinner,
    children: [{ Component: StorefrontLayout, children: storefrontRoutes }, adminRoutes, outletRoutes, riderRoutes],
  },
];

/** Created only after the session is known, so the first screen's gate sees the right user. */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
