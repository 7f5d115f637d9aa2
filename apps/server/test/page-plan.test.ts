/**
 * The modules a page preloads: the screens that render without TanStack Query (the web app's
 * QUERY_FREE_SCREENS) must not get it preloaded, or their first visit downloads it after all.
 */
import { describe, expect, it } from 'vitest';
import { pagePlan } from '../src/modules/web/page-plan';

const QUERY = 'src/lib/create-query-client.ts';
const modules = (url: string) => {
  const u = new URL(url, 'http://shop.test');
  return pagePlan(u.pathname, u.searchParams).modules;
};

describe('page plan', () => {
  it('preloads no TanStack Query for the pages that hydrate without it', () => {
    const id = '4cfde7da-2901-4d88-8581-717f0147f97c';
    for (const url of [
      '/',
      '/products',
      '/products?category=beef',
      `/products/${id}`,
      '/cart',
      '/about',
      '/contact',
      '/privacy',
      '/discover/coming-soon/blogs',
    ]) {
      expect(modules(url), url).not.toContain(QUERY);
      expect(modules(url).length, url).toBe(1);
    }
    expect(modules(`/products/${id}`)).toEqual(['src/app/routes/storefront/product-detail-screen.tsx']);
  });

  it('and preloads it with the screens that wait for it', () => {
    expect(modules('/orders/abc')).toContain(QUERY);
    expect(modules('/account')).toContain(QUERY);
    expect(modules('/admin')).toContain(QUERY);
  });
});
