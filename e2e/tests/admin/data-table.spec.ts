/**
 * The back office's list screens share one table: an admin searches, filters, sorts, pages and hides
 * columns, and the address keeps what they chose (a reload shows the same list). On the Riders
 * screen, an admin finds a rider who signed up on their own and approves them with the Approve button.
 */
import { expect, request, test } from '@playwright/test';
import { signedInRequest } from '../../support/orders';
import { demo, uniqueAccount } from '../../support/session';
import { adminPage } from './admin-session';

const SHOTS = 'test-results/data-table';

test.setTimeout(180_000);

test('an admin sorts, filters, pages and hides columns on Riders, and approves a new rider', async ({ browser, baseURL }) => {
  const run = Date.now().toString(36).slice(-5);
  const admin = await signedInRequest(baseURL!, demo.admin);
  // More riders than one page holds (25), all named for this run so the search finds only them.
  for (let i = 0; i < 27; i++) {
    const { email, phone } = uniqueAccount();
    const res = await admin.post('/api/admin/riders', {
      data: { email, password: 'secret123', fullName: `Tablerider ${run} ${String(i).padStart(2, '0')}`, phone, vehicleType: 'bicycle' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await admin.dispose();
  // One rider signs up on their own and waits for approval.
  const pending = uniqueAccount();
  const riderApi = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const signUp = await riderApi.post('/api/rider/sign-up', {
    data: {
      fullName: `Tablerider ${run} Waiting`,
      phone: pending.phone,
      email: pending.email,
      password: 'secret123',
      vehicleType: 'motorcycle',
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await riderApi.dispose();

  const page = await adminPage(browser);
  await page.goto('/admin/delivery/riders');
  await page.getByLabel('Search riders').fill(`Tablerider ${run}`);
  const table = page.getByRole('table', { name: 'Delivery riders' });
  await expect(page.getByText('1–25 of 28')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(26);

  // Sorting by name, descending: the last names come first.
  await table.getByRole('button', { name: /^Rider/ }).click();
  await expect(table.getByRole('columnheader', { name: /^Rider/ })).toHaveAttribute('aria-sort', 'ascending');
  await table.getByRole('button', { name: /^Rider/ }).click();
  await expect(table.getByRole('columnheader', { name: /^Rider/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText(`Tablerider ${run} Waiting`);

  // The second page holds the rest.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('26–28 of 28')).toBeVisible();
  await expect(table.getByRole('row').last()).toContainText(`Tablerider ${run} 00`);

  // Hiding a column, and the address keeping all of it across a reload.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Vehicle' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Vehicle' })).toHaveCount(0);
  await expect(page).toHaveURL(/sort=-rider/);
  await page.reload();
  await expect(page.getByLabel('Search riders')).toHaveValue(`Tablerider ${run}`);
  await expect(page.getByText('26–28 of 28')).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Vehicle' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: /^Rider/ })).toHaveAttribute('aria-sort', 'descending');

  // Filtering to riders awaiting approval, then approving one from the list.
  await page.getByLabel('Approval').selectOption('pending');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/riders-pending-1366.png`, fullPage: true });
  await table.getByRole('button', { name: `Approve Tablerider ${run} Waiting` }).click();
  await expect(page.getByText(`Tablerider ${run} Waiting can now deliver`)).toBeVisible();
  await expect(page.getByText('No riders found')).toBeVisible();
  await page.getByLabel('Approval').selectOption('approved');
  await expect(page.getByText('1–25 of 28')).toBeVisible();

  // On a phone the same list is a column of cards with the same controls.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Delivery riders' }).getByRole('listitem')).toHaveCount(25);
  await page.screenshot({ path: `${SHOTS}/riders-390.png` });
  await page.getByRole('navigation', { name: 'Pages' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/riders-pager-390.png` });
});
