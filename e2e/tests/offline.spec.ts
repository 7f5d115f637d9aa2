/**
 * The hand-written service worker (apps/web/public/service-worker.js): registered at load, it keeps
 * the shell and the catalog seen, so a repeat visit without the server still opens the storefront.
 * Screenshots go to E2E_SHOTS_DIR when it is set.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { demo, signInByApi } from '../support/session';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** Visits the home page and the listing online under the worker's control; returns the names listed. */
async function browseOnline(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(async () => navigator.serviceWorker.ready);
  // The first page load happened before the worker took control: from here on it sees every page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/products');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // The listing came inside the page (boot-data); the worker keeps it as if the app had asked.
  await page.waitForFunction(async () => Boolean(await caches.match('/api/products')));
  const listing = (await (await page.request.get('/api/products')).json()) as { products: { name: string }[] };
  return listing.products.map((p) => p.name);
}

/** The server gone: every request to it fails to connect, the worker's included. */
async function serverDown(context: BrowserContext) {
  await context.route('**/*', (route) => route.abort('connectionrefused'));
}

async function expectStorefrontFromCopies(page: Page, seen: string[]) {
  // Generous: the shared test machine can be slow to start the app from the worker's copies.
  await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 30_000 });
  const shown = await page.getByTestId('product-card').getByRole('heading').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(seen).toEqual(expect.arrayContaining(shown));
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
  await expect(page.getByText("We couldn't open the shop")).toHaveCount(0);
}

test.describe('a repeat visit without the server', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('paints the storefront with the catalog seen before, the customer as last signed in, and a quiet notice', async ({
    page,
    context,
  }) => {
    await signInByApi(page, demo.customer);
    const seen = await browseOnline(page);
    await expect(page.getByRole('banner').getByText('Hi, Daniel')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expectStorefrontFromCopies(page, seen);
    await expect(page.getByRole('banner').getByText('Hi, Daniel')).toBeVisible();
    await expect(page.getByRole('link', { name: /Shop|Products/ }).first()).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/offline-products-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/offline-products-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });

    // Another address of the shop opens from the same shell.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/offline-home-390.png` });

    // Back online, the app asks the server again and the notice goes.
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toHaveCount(0);
    await expect(page.getByRole('banner').getByText('Hi, Daniel')).toBeVisible();
  });

  test('opens the same way when the device is online but the server does not answer', async ({ page, context }) => {
    const seen = await browseOnline(page);
    await serverDown(context);
    await page.reload();
    await expectStorefrontFromCopies(page, seen);
    // A visitor stays a visitor.
    await expect(page.getByRole('banner').getByText(/^Hi, /)).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/server-down-products-390.png` });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  });
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
    return { status: res.status, copy: res.headers.get('x-offline-copy'), count: body.products.length, session };
  }, listingUrl);
  expect(offline.status).toBe(200);
  expect(offline.copy).toBe('1');
  expect(offline.count).toBeGreaterThan(0);
  expect(offline.session).toBe('failed');
  await context.setOffline(false);
});
