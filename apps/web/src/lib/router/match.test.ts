/**
 * The app's router must pick the same screen as react-router would for every address: its answers on
 * the app's own route table are compared with react-router's `matchRoutes` (kept as a development
 * dependency for this), for the spec's addresses and for generated ones.
 */
import fc from 'fast-check';
import { matchRoutes as reactRouterMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogAreasFor, routes } from '@/app/router';
import { matchRoutes, type RouteObject } from './match';

const shape = (matches: ReturnType<typeof matchRoutes>) => matches?.map((m) => ({ route: m.route, params: { ...m.params } })) ?? null;

function expectSameAsReactRouter(table: RouteObject[], pathname: string) {
  const ours = shape(matchRoutes(table, pathname));
  const theirs = shape(reactRouterMatch(table as never, pathname) as ReturnType<typeof matchRoutes>);
  expect(ours, pathname).toEqual(theirs);
  // The very same route objects, not look-alikes.
  for (const [i, m] of (ours ?? []).entries()) expect(m.route).toBe(theirs?.[i]?.route);
}

const SPEC_PATHS = [
  '/',
  '/products',
  '/shop',
  '/products/5d0f6c1e-1b2a-4c3d-8e9f-0a1b2c3d4e5f',
  '/products/not-a-uuid',
  '/cart',
  '/checkout',
  '/orders',
  '/orders/confirm',
  '/orders/abc',
  '/account',
  '/about',
  '/contact',
  '/certifications',
  '/privacy',
  '/terms',
  '/discover',
  '/discover/recipes',
  '/discover/blogs',
  '/discover/campaigns',
  '/discover/coming-soon/blogs',
  '/discover/anything/else',
  '/admin',
  '/admin/products',
  '/admin/products/categories',
  '/admin/products/inventory',
  '/admin/orders',
  '/admin/orders/pending',
  '/admin/orders/processing',
  '/admin/outlets',
  '/admin/outlets/stock',
  '/admin/employees',
  '/admin/employees/roles',
  '/admin/delivery/riders',
  '/admin/delivery/dispatch',
  '/admin/delivery/zones',
  '/admin/delivery/cash',
  '/admin/reports/sales',
  '/admin/reports/inventory',
  '/admin/reports/payments',
  '/admin/subscriptions',
  '/admin/settings',
  '/admin/nope/deeper',
  '/outlet',
  '/outlet/orders',
  '/outlet/orders/123456',
  '/outlet/cash',
  '/outlet/staff',
  '/outlet/settings',
  '/outlet/unknown',
  '/rider',
  '/rider/login',
  '/rider/orders/abc',
  '/rider/earnings',
  '/rider/cash',
  '/rider/profile',
  '/rider/unknown/path',
  '/unknown',
  '/a/b/c',
  '/PRODUCTS',
  '/Products/ABC',
  '/cart/',
  '/admin/orders/',
  '/orders//confirm',
  '/products/caf%C3%A9',
  '/products/%E0%A4%A',
];

describe('route matching', () => {
  it.each(SPEC_PATHS)('%s matches as react-router matches it', (pathname) => {
    expectSameAsReactRouter(routes, pathname);
  });

  it('picks the right screen for addresses that compete', () => {
    const leaf = (p: string) => matchRoutes(routes, p)?.at(-1)?.route;
    expect(leaf('/orders/confirm')?.handle).toMatchObject({ title: 'Payment status' });
    expect(leaf('/orders/xyz')?.handle).toMatchObject({ title: 'Order details' });
    expect(matchRoutes(routes, '/orders/xyz')?.at(-1)?.params).toEqual({ id: 'xyz' });
    expect(leaf('/products/categories')?.handle).toMatchObject({ title: 'Product details' });
    expect(leaf('/admin/products/categories')?.handle).toEqual({ title: 'Categories' });
    expect(leaf('/rider/login/')?.handle).toMatchObject({ title: 'Rider sign in' });
  });

  it('names the account and content catalogs for their screens only, so the server renders them translated', () => {
    for (const p of [
      '/checkout',
      '/orders',
      '/orders/xyz',
      '/orders/confirm',
      '/account',
      '/account/trade',
      '/pay/abc',
      '/reset-password',
    ]) {
      expect(catalogAreasFor(p), p).toEqual(['account']);
    }
    for (const p of ['/products', '/products/xyz', '/cart']) expect(catalogAreasFor(p), p).toEqual([]);
    // Home and the content pages carry texts of their own, in a catalog the shop's screens never load.
    for (const p of ['/', '/about', '/discover/recipes']) expect(catalogAreasFor(p), p).toEqual(['content']);
    expect(catalogAreasFor('/rider/login')).toEqual(['rider']);
  });

  it('matches generated addresses as react-router does', () => {
    const segment = fc.oneof(
      fc.constantFrom('products', 'orders', 'admin', 'outlet', 'rider', 'login', 'confirm', 'discover', 'reports', 'sales', 'cash'),
      fc.constantFrom('coming-soon', 'recipes', 'delivery', 'zones', 'employees', 'roles', 'categories', 'inventory', ''),
      fc.stringMatching(/^[a-zA-Z0-9._~-]{1,8}$/),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.boolean(), (segments, slash) => {
        expectSameAsReactRouter(routes, `/${segments.join('/')}${slash ? '/' : ''}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('ranks a generic table as react-router does', () => {
    const table: RouteObject[] = [
      {
        path: '/',
        children: [
          { index: true },
          { path: 'a/*' },
          { path: 'a/:x' },
          { path: 'a/b' },
          { path: ':x/:y' },
          { path: ':x/b', children: [{ index: true }, { path: 'c' }] },
          { children: [{ path: 'z' }, { path: 'z/:q' }] },
          { path: '*' },
        ],
      },
    ];
    for (const p of ['/', '/a', '/a/b', '/a/c', '/a/b/c', '/x/b', '/x/b/c', '/x/y', '/z', '/z/1', '/q/w/e', '/A/B/']) {
      expectSameAsReactRouter(table, p);
    }
  });
});
