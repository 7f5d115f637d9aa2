/** The hand-written service worker (apps/web/public/service-worker.js): registered at load, offline shell. */
import { expect, test } from '@playwright/test';

test('the service worker registers and serves the app shell when offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  // The first page load happened before the worker took control; one online reload fills its caches.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/about');
  // The cached shell boots; with no server to ask who is signed in it offers a Retry (spec section 2).
  await expect(page.getByRole('heading', { name: "We couldn't open the shop" })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Bwaise butchery/ })).toBeVisible();
});

test('catalog reads seen online are answered offline by the service worker, other API calls are not', async ({ page, context }) => {
  await page.goto('/products');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  // Reload under the worker's control. The page arrives with its listing inside it; the reads the app
  // makes afterwards (a filter, a later visit) go through the worker, which keeps them.
  await page.reload();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const listingUrl = '/api/products?sort=newest';
  await page.evaluate(async (url) => (await fetch(url)).json(), listingUrl);
  await page.waitForFunction(async (url) => Boolean(await caches.match(url)), listingUrl);

  await context.setOffline(true);
  const offline = await page.evaluate(async (url) => {
    const res = await fetch(url);
    const body = (await res.json()) as { products: unknown[] };
    const session = await fetch('/api/auth/session').then(
      (r) => `status ${r.status}`,
      () => 'failed',
    );
    return { status: res.status, count: body.products.length, session };
  }, listingUrl);
  expect(offline.status).toBe(200);
  expect(offline.count).toBeGreaterThan(0);
  expect(offline.session).toBe('failed');
  await context.setOffline(false);
});
