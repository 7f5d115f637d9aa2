/**
 * Public pages arrive rendered (apps/web/src/entry-server.tsx) with their first data inside
 * (apps/server/src/modules/web/app-page.ts), and the app takes them over without drawing them again:
 * the browser's first render matches the server's, also for a signed-in customer with a saved cart.
 */
import { expect, type Page, test } from '@playwright/test';
import { demoProducts } from '../../support/cart';
import { demo, signInByApi } from '../../support/session';

const QUERY_CHUNK = /\/assets\/query-[^/"]*\.js/;

/**
 * The listing and a product page take over without TanStack Query: their HTML does not preload it,
 * and the app asks for it only once it runs (ms from navigation start: when its chunk was asked
 * for, and when the screen's own chunk, which the take-over needs, had arrived).
 */
async function queryAfterScreen(page: Page, html: string, screen: RegExp) {
  expect(html).not.toMatch(new RegExp(`modulepreload[^>]*${QUERY_CHUNK.source}`));
  await expect
    .poll(() =>
      page.evaluate((source) => performance.getEntriesByType('resource').some((e) => new RegExp(source).test(e.name)), QUERY_CHUNK.source),
    )
    .toBe(true);
  return page.evaluate(
    ({ query, screen }) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        screenLoaded: entries.find((e) => new RegExp(screen).test(e.name))?.responseEnd ?? Number.POSITIVE_INFINITY,
        query: entries.find((e) => new RegExp(query).test(e.name))?.startTime ?? 0,
      };
    },
    { query: QUERY_CHUNK.source, screen: screen.source },
  );
}

/** Waits for the app to take the page over; its marker says whether React had to draw it again. */
async function takenOver(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('data-pending');
  return page.locator('#root').getAttribute('data-hydration');
}

test('a visitor gets the listing in the HTML, and the app takes it over without a second request or a redraw', async ({ page }) => {
  const apiReads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (['/api/products', '/api/categories', '/api/auth/session', '/api/shop-info'].includes(url.pathname)) apiReads.push(url.pathname);
  });
  const html = await (await page.request.get('/products')).text();
  expect(html).toContain('<div id="root" data-ssr data-pending>');
  expect(html).toContain('data-testid="product-card"');

  await page.goto('/products');
  expect(await takenOver(page)).toBeNull();
  const { screenLoaded, query } = await queryAfterScreen(page, html, /\/assets\/products-screen-[^/]*\.js$/);
  expect(query).toBeGreaterThan(screenLoaded);
  // The rest of the listing follows the first cards, and the page works: a filter is a client-side read.
  const products = await demoProducts(page);
  await expect(page.getByTestId('product-card')).toHaveCount((await (await page.request.get('/api/products')).json()).products.length);
  expect(apiReads).toEqual([]);
  expect(products.length).toBeGreaterThan(0);
  await page.getByRole('complementary', { name: 'Filters' }).getByRole('radio', { name: /Beef/ }).click();
  await expect(page).toHaveURL(/category=beef/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beef' })).toBeVisible();
});

test('a product page arrives with its related products and reviews, and the app asks for none of them again', async ({ page }) => {
  const [first] = await demoProducts(page);
  const apiReads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) apiReads.push(url.pathname);
  });
  const html = await (await page.request.get(`/products/${first!.id}`)).text();
  // The rendered markup only (the page's data, which names them too, comes before it).
  const markup = html.slice(html.indexOf('<div id="root" data-ssr data-pending>'));
  expect(markup).toContain('data-ssr');
  const related = (await (await page.request.get(`/api/products/${first!.id}/related`)).json()).products as { name: string }[];
  const reviews = (await (await page.request.get(`/api/products/${first!.id}/reviews`)).json()).reviews as { userFullName: string }[];
  expect(related.length).toBeGreaterThan(0);
  for (const p of related) expect(markup).toContain(`>${p.name}<`);
  if (reviews.length === 0) expect(markup).toContain('No reviews yet.');
  else expect(markup).toContain(reviews[0]!.userFullName);

  await page.goto(`/products/${first!.id}`);
  expect(await takenOver(page)).toBeNull();
  // TanStack Query comes after, for the cache, and asks for nothing the page carried.
  const { screenLoaded, query } = await queryAfterScreen(page, html, /\/assets\/product-detail-screen-[^/]*\.js$/);
  expect(query).toBeGreaterThan(screenLoaded);
  await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiReads.filter((p) => p.startsWith('/api/products') || p === '/api/auth/session')).toEqual([]);
});

test("a signed-in customer's page is rendered as theirs and their saved cart shows once the app has taken over", async ({ page }) => {
  await signInByApi(page, demo.customer);
  await page.goto('/products');
  expect(await takenOver(page)).toBeNull();
  const [first] = await demoProducts(page);
  await page.getByRole('button', { name: `Add to Cart: ${first!.name}` }).click();
  await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();

  // A new visit: the server renders an empty cart (it lives in this browser), the app then reads it.
  const html = await (await page.request.get(`/products/${first!.id}`)).text();
  expect(html).toContain('data-ssr');
  await page.goto(`/products/${first!.id}`);
  expect(await takenOver(page)).toBeNull();
  await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();
  await page.goto('/cart');
  expect(await takenOver(page)).toBeNull();
  await expect(page.getByText(first!.name)).toBeVisible();
});

test('the rider sign-in page arrives rendered and its form works once taken over', async ({ page }) => {
  await page.goto('/rider/login');
  expect(await takenOver(page)).toBeNull();
  await page.getByLabel('Email').fill(demo.rider);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await expect(page).toHaveURL(/\/rider$/);
});

test('a tap made before the app has taken the page over is given again once it has', async ({ page }) => {
  // The app's code arrives late, as on a slow link: the tap lands on the server's markup.
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/products?category=cold-cuts');
  await expect(page.locator('#root')).toHaveAttribute('data-pending');
  // Not yet: nothing behind the button, and the tap is held rather than lost.
  await page.getByRole('button', { name: 'Add to Cart: Smoked Ham Slices 250g' }).dispatchEvent('click');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  await takenOver(page);
  // A visitor who adds to the cart is asked to sign in: the held tap did what it would have done.
  await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();
});
