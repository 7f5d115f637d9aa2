/**
 * Moving around the app as a shopper meets it (apps/web/src/lib/router): a link waits for its
 * screen's code with the current page still on screen and a progress bar, the address changes when
 * the new page shows, Back and Forward work, a newer click wins over an older one still loading, and a
 * screen whose code cannot load shows a way out instead of a blank page.
 */
import { expect, type Page, test } from '@playwright/test';

// The service worker would answer the screens' code from its cache, past page.route().
test.use({ serviceWorkers: 'block' });

/** Holds the responses for one screen's chunk until released. */
async function holdChunk(page: Page, screen: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/assets/${screen}-[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function openHome(page: Page) {
  await page.goto('/');
  // Hydrated: the server's markup takes input.
  await expect(page.locator('#root')).not.toHaveAttribute('data-pending');
}

const aboutHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /From a Bwaise butchery/ });

test('a link keeps the page with a progress bar until the next screen is ready; Back and Forward work', async ({ page }) => {
  const release = await holdChunk(page, 'about-screen');
  await openHome(page);
  const home = page.getByRole('link', { name: /Learn More/ });
  await expect(home).toHaveAttribute('href', '/about');

  await home.click();
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
  await expect(home).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');

  release();
  await expect(aboutHeading(page)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/about');
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  await expect(page).toHaveTitle(/^Our Story/);

  await page.goBack();
  await expect(page.getByRole('link', { name: /Learn More/ })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  await page.goForward();
  await expect(aboutHeading(page)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/about');
});

test('the last link clicked wins over one still loading', async ({ page }) => {
  const release = await holdChunk(page, 'about-screen');
  await openHome(page);
  await page.getByRole('link', { name: /Learn More/ }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
  await page.getByRole('link', { name: /Contact us/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/contact');

  release();
  // The older navigation finished loading afterwards and must not take over.
  await page.waitForTimeout(500);
  expect(new URL(page.url()).pathname).toBe('/contact');
  await expect(aboutHeading(page)).toHaveCount(0);
});

test('a screen whose code cannot load offers a reload and a way back to the shop', async ({ page }) => {
  await page.route(/\/assets\/certifications-screen-[\w-]+\.js$/, (route) => route.abort());
  await openHome(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Certifications' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page.getByRole('link', { name: /Learn More/ })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
});
