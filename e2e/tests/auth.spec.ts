/** Signing up, in and out through the storefront's one dialog (spec sections 2, 4 and 8). */
import { expect, test } from '@playwright/test';
import { demo, signInByApi, uniqueAccount } from '../support/session';

const toast = (page: import('@playwright/test').Page, type: 'success' | 'error') =>
  page.locator(`[data-sonner-toast][data-type="${type}"]`);

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a new customer signs up, stays signed in across a reload, and signs out', async ({ page }) => {
    const { email, phone } = uniqueAccount();
    await page.goto('/');
    const banner = page.getByRole('banner');

    await banner.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create one' }).click();
    await expect(dialog.getByRole('heading', { name: 'Create an account' })).toBeVisible();

    await dialog.getByLabel('Full Name').fill('Grace Nakato');
    await expect(dialog.getByLabel('Phone Number')).toHaveAttribute('type', 'tel');
    await dialog.getByLabel('Phone Number').fill(phone);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('secret123');
    await dialog.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Welcome, Grace! Account created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(banner.getByText('Hi, Grace')).toBeVisible();

    await page.reload();
    await expect(banner.getByText('Hi, Grace')).toBeVisible();

    await banner.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();

    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(banner.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(banner.getByText('Hi, Grace')).toBeHidden();
  });

  test('sign-up shows field errors before calling the server', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create one' }).click();
    await dialog.getByLabel('Phone Number').fill('12');
    await dialog.getByLabel('Password', { exact: true }).fill('123');
    await dialog.getByRole('button', { name: 'Create Account' }).click();

    await expect(dialog.getByText('Full name is required')).toBeVisible();
    await expect(dialog.getByText('Enter a valid phone number, e.g. 0772 123456')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(dialog.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
  });
});

test('the demo customer signs in and is welcomed back by first name', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(demo.customer);
  await dialog.getByLabel('Password', { exact: true }).fill('password123');
  await dialog.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByText('Welcome back, Daniel!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByText('Hi, Daniel')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toBeVisible();
});

test('signed in on a 360px phone, the header fits: the account button whole, no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInByApi(page, demo.customer);
  await page.goto('/products');
  const account = page.getByRole('banner').getByRole('link', { name: 'Account' });
  await expect(account).toBeVisible();
  const right = await account.evaluate((el) => el.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
});

test('a wrong password shows an error toast and keeps the dialog open', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(demo.customer);
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign In' }).click();

  await expect(toast(page, 'error')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  // Still a visitor: no greeting behind the dialog.
  await expect(page.getByRole('banner').getByText(/^Hi, /)).toHaveCount(0);
});
