/** The rider app without orders: sign-up, the rider-only sign-in rule, availability, dark mode, install manifest. */
import { expect, type Page, test } from '@playwright/test';
import { signedInRequest } from '../../support/orders';
import { demo, DEMO_PASSWORD, uniqueAccount } from '../../support/session';

test.use({ viewport: { width: 390, height: 844 } });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a new rider creates an account, goes online, and keeps dark mode across visits', async ({ page }) => {
  const { email, phone } = uniqueAccount();
  await page.goto('/rider/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/rider.webmanifest');
  const manifest = await (await page.request.get('/rider.webmanifest')).json();
  expect(manifest).toMatchObject({ start_url: '/rider', display: 'standalone' });

  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('Full Name').fill('Moses Okello');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByText('Bicycle', { exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/rider$/);
  // A self-registered rider waits for an admin before they can deliver.
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  const admin = await signedInRequest(page.url().replace(/\/rider$/, ''), demo.admin);
  const riders = (await (await admin.get('/api/admin/riders')).json()) as { id: string; email: string }[];
  const me = riders.find((r) => r.email === email)!;
  expect((await admin.post(`/api/admin/riders/${me.id}/approve`, { data: {} })).ok()).toBe(true);
  await admin.dispose();
  await page.reload();
  await expect(page.getByTestId('rider-status')).toHaveText('Offline');
  await expect(page.getByText('No active deliveries')).toBeVisible();
  await expect(page.getByTestId('today-earnings')).toHaveText('UGX 0');

  await page.getByRole('button', { name: 'Go Online' }).click();
  await expect(toast(page, 'You are now online')).toBeVisible();
  await expect(page.getByTestId('rider-status')).toHaveText('Online');
  await page.getByRole('button', { name: 'Go Offline' }).click();
  await expect(toast(page, 'You are now offline')).toBeVisible();

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  await page.screenshot({ path: 'test-results/rider-dashboard-dark.png' });

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText('Version 1.0.0')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Full Name').fill('Moses K. Okello');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Moses K. Okello')).toBeVisible();

  await page.getByRole('link', { name: 'Earnings' }).click();
  await expect(page.getByTestId('earnings-amount')).toHaveText('UGX 0');
  await expect(page.getByText('No earnings yet')).toBeVisible();
});

test('an account without a rider profile is turned away with the spec message', async ({ page }) => {
  await page.goto('/rider/login');
  await page.getByLabel('Email').fill(demo.customer);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await expect(toast(page, 'No rider profile found. Please contact support.')).toBeVisible();
  await expect(page).toHaveURL(/\/rider\/login$/);
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user).toBeNull();
});

test('an install offer the browser makes before the app has started is still shown, 3 s later', async ({ page }) => {
  // The sign-in page arrives rendered and starts its code after it has loaded (public/load-app.js):
  // an offer made while the page is still parsing must not be lost.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });
  });
  await page.goto('/rider/login');
  const prompt = page.getByRole('dialog', { name: 'Install the rider app' });
  await expect(prompt).toBeVisible({ timeout: 8_000 });
  await prompt.getByRole('button', { name: 'Not Now' }).click();
  await expect(prompt).toBeHidden();
});
