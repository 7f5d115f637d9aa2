/** The public shell's routing rules: gates, redirects and the unknown-path fallback. */
import { expect, test } from '@playwright/test';
import { demo, signInByApi } from '../support/session';
import { withoutPageData } from '../support/page-data';

test('a visitor at checkout is told to sign in and sent to /account', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Please sign in to continue checkout')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
});

test('an unknown path shows the storefront home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: /Premium meats/ })).toBeVisible();
});

test('/shop lights up Products in the menu', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/shop');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('discover redirects blogs to its coming-soon page and unknown paths to /discover', async ({ page }) => {
  await page.goto('/discover/blogs');
  await expect(page).toHaveURL(/\/discover\/coming-soon\/blogs$/);
  await page.goto('/discover/nothing-here');
  await expect(page).toHaveURL(/\/discover$/);
});

test('the back office sends non-admins to the storefront and lets admins in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);

  await signInByApi(page, demo.customer);
  await page.goto('/admin/products');
  await expect(page).toHaveURL(/\/$/);

  await signInByApi(page, demo.admin);
  await page.goto('/admin/products');
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  // The header names the staff member's role: the demo admin is the shop's Owner.
  await expect(page.getByText('Owner', { exact: true })).toBeVisible();
  await page.goto('/admin/not-a-screen');
  await expect(page).toHaveURL(/\/admin$/);
});

test('the outlet portal is for active outlet employees only', async ({ page }) => {
  await page.goto('/outlet');
  await expect(page).toHaveURL(/\/$/);

  await signInByApi(page, demo.outlet);
  await page.goto('/outlet/staff');
  await expect(page.getByRole('heading', { name: 'Staff Management' }).first()).toBeVisible();
  await page.goto('/outlet/elsewhere');
  await expect(page).toHaveURL(/\/outlet$/);
});

test('rider screens need a rider session; a signed-in rider skips the login page', async ({ page }) => {
  await page.goto('/rider/earnings');
  await expect(page).toHaveURL(/\/rider\/login$/);

  await signInByApi(page, demo.rider);
  await page.goto('/rider/login');
  await expect(page).toHaveURL(/\/rider$/);
  await expect(page.getByRole('navigation', { name: 'Rider' })).toBeVisible();
});

test('start-up waits at most 3 s for the session, then opens the shop as a visitor', async ({ page }) => {
  // A page without its session (the offline shell) asks for it; the answer is held back for 10 s and
  // the shop must open as a visitor well before that.
  await withoutPageData(page);
  let asked = 0;
  await page.route('**/api/auth/session', async (route) => {
    asked = Date.now();
    await new Promise((r) => setTimeout(r, 10_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible({ timeout: 9_000 });
  const waited = Date.now() - asked;
  expect(waited).toBeGreaterThanOrEqual(2_900);
  expect(waited).toBeLessThan(10_000);
});

test('start-up the server fails offers a Retry that reloads the page', async ({ page }) => {
  await withoutPageData(page);
  let failures = 1;
  // A server that cannot be reached at all opens the shop as last seen instead (offline.spec.ts).
  await page.route('**/api/auth/session', (route) =>
    failures-- > 0
      ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Something went wrong' } } })
      : route.continue(),
  );
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: "We couldn't open the shop" })).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Bwaise butchery/ })).toBeVisible();
});
