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

const adminPlaceholder = (path: string | undefined, title: string, description?: string): RouteObject => ({
  ...(path === undefined ? { index: true as const } : { path }),
  handle: { title, description } satisfies RouteHandle,
  lazy: () => import('./routes/admin/admin-placeholder-screen').then((m) => ({ Component: m.AdminPlaceholderScreen })),
});

const storefrontRoutes: RouteObject[] = [
  { index: true, Component: HomeScreen, handle: { title: 'Premium sausages, cold cuts and fresh meat' } },
  { path: 'about', ...storefrontPlaceholder('Our Story', 'Two decades of processing premium meat in Kampala.') },
  { path: 'products', ...storefrontPlaceholder('All Products', 'Sausages, cold cuts and fresh cuts, ready for delivery.') },
  { path: 'shop', ...storefrontPlaceholder('All Products', 'Sausages, cold cuts and fresh cuts, ready for delivery.') },
  { path: 'products/:id', ...storefrontPlaceholder('Product details') },
  { path: 'cart', ...storefrontPlaceholder('Shopping Cart', 'Review your items before checkout.') },
  {
    path: 'checkout',
    Component: RequireCheckoutUser,
    children: [{ index: true, ...storefrontPlaceholder('Checkout', 'Delivery details and payment.') }],
  },
  { path: 'orders/confirm', ...storefrontPlaceholder('Payment status', 'Confirming your payment with the provider.') },
  {
    path: 'orders',
    Component: RequireCustomer,
    children: [
      { index: true, ...storefrontPlaceholder('My Orders', 'Track deliveries and look back at past orders.') },
      { path: ':id', ...storefrontPlaceholder('Order details') },
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
      { index: true, ...storefrontPlaceholder('Discover', 'Recipes, stories and campaigns from our kitchen.') },
      { path: 'recipes', ...storefrontPlaceholder('Recipes', 'Cook something memorable tonight.') },
      { path: 'blogs', element: <Navigate to={paths.discover.comingSoon('blogs')} replace /> },
      { path: 'campaigns', element: <Navigate to={paths.discover.comingSoon('campaigns')} replace /> },
      { path: 'coming-soon/:type', ...storefrontPlaceholder('Coming soon', 'Something delicious is on its way.') },
      { path: '*', element: <Navigate to={paths.discover.root} replace /> },
    ],
  },
  { path: 'certifications', ...storefrontPlaceholder('Certifications', 'ISO 22000 and national standards certified.') },
  { path: 'contact', ...storefrontPlaceholder('Contact Us', 'Visit an outlet, call us or send a message.') },
  { path: 'privacy', ...storefrontPlaceholder('Privacy Policy') },
  { path: 'terms', ...storefrontPlaceholder('Terms of Service') },
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
            {
              index: true,
              handle: { title: 'Dashboard' } satisfies RouteHandle,
              lazy: () => import('./routes/rider/rider-dashboard-screen').then((m) => ({ Component: m.RiderDashboardScreen })),
            },
            {
              path: 'orders/:id',
              handle: { title: 'Delivery' } satisfies RouteHandle,
              lazy: () => import('./routes/rider/rider-order-screen').then((m) => ({ Component: m.RiderOrderScreen })),
            },
            {
              path: 'earnings',
              handle: { title: 'Earnings' } satisfies RouteHandle,
              lazy: () => import('./routes/rider/rider-earnings-screen').then((m) => ({ Component: m.RiderEarningsScreen })),
            },
            {
              path: 'profile',
              handle: { title: 'Profile' } satisfies RouteHandle,
              lazy: () => import('./routes/rider/rider-profile-screen').then((m) => ({ Component: m.RiderProfileScreen })),
            },
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
