/**
 * The app runs under its Content-Security-Policy without a single violation: storefront, checkout
 * map, admin (zones map, product images), outlet portal and rider app. Each page's
 * `securitypolicyviolation` events and console CSP errors are collected; any one fails the test.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { demo, signInByApi } from '../../support/session';

async function watch(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
}

async function visit(page: Page, path: string, console: string[]) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(400);
  expect(res?.headers()['content-security-policy'], path).toContain("default-src 'self'");
  await page.waitForLoadState('load');
  // Images, map tiles and lazy screens settle after load.
  await page.waitForTimeout(1_200);
  const seen = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  expect([...seen, ...console], `CSP violations on ${path}`).toEqual([]);
}

function consoleCsp(page: Page) {
  const out: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) out.push(m.text());
  });
  return out;
}

test('storefront pages run under the CSP without violations', async ({ page, context }) => {
  await watch(context);
  const errors = consoleCsp(page);
  const products = await (await page.request.get('/api/products')).json();
  const first = (products.products ?? products)[0];
  for (const path of ['/', '/shop', `/products/${first.id}`, '/about', '/contact', '/cart']) await visit(page, path, errors);
  // Product images are really shown (not blocked).
  await page.goto('/shop');
  const image = page.locator('img[src^="/media/product-images/"]:visible').first();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const seen = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  expect([...seen, ...errors]).toEqual([]);
});

test('checkout with its map runs under the CSP without violations', async ({ page, context }) => {
  await watch(context);
  const errors = consoleCsp(page);
  await signInByApi(page, demo.customer);
  const products = await (await page.request.get('/api/products')).json();
  const first = (products.products ?? products).find((p: { stock: number }) => p.stock > 0);
  await page.goto(`/products/${first.id}`);
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await visit(page, '/checkout', errors);
  await visit(page, '/account', errors);
  await visit(page, '/orders', errors);
});

test('admin pages, including the zones map, run under the CSP without violations', async ({ page, context }) => {
  await watch(context);
  const errors = consoleCsp(page);
  await signInByApi(page, demo.admin);
  for (const path of ['/admin', '/admin/products', '/admin/orders', '/admin/delivery/zones', '/admin/outlets', '/admin/reports/sales']) {
    await visit(page, path, errors);
  }
});

test('outlet portal and rider app run under the CSP without violations', async ({ browser }) => {
  for (const [email, paths] of [
    [demo.outlet, ['/outlet', '/outlet/orders', '/outlet/staff']],
    [demo.rider, ['/rider', '/rider/earnings', '/rider/profile']],
  ] as const) {
    const context = await browser.newContext();
    await watch(context);
    const page = await context.newPage();
    const errors = consoleCsp(page);
    await signInByApi(page, email);
    for (const path of paths) await visit(page, path, errors);
    await context.close();
  }
});
