/**
 * Admin > Activity on a phone: a coupon an admin creates and then switches off shows in the trail
 * as two entries by that admin, found by the record filter and the code; the entry's dialog shows
 * what changed. Then the same list on a desktop, filtered by person.
 */
import { expect, test } from '@playwright/test';
import { adminPage } from './admin-session';

const ADMIN_NAME = 'Amina Nansubuga';

test('an admin finds who changed a coupon, and what, in Activity', async ({ browser, baseURL }, testInfo) => {
  const code = `TRAIL${Date.now().toString(36).toUpperCase().slice(-5)}`;
  const phone = await adminPage(browser, { width: 390, height: 844 });
  const headers = { origin: baseURL! };
  expect((await phone.request.post('/api/admin/coupons', { data: { code, percent: 15 }, headers })).ok()).toBe(true);
  expect((await phone.request.patch(`/api/admin/coupons/${code}`, { data: { isActive: false }, headers })).ok()).toBe(true);

  await phone.goto('/admin/activity');
  await expect(phone.getByRole('heading', { name: 'Activity' }).first()).toBeVisible();
  await phone.getByRole('searchbox', { name: 'Search by record id' }).fill(code.toLowerCase());
  // On a phone the filters fold under one button.
  await phone.getByRole('button', { name: 'Filters' }).click();
  await phone.getByRole('combobox', { name: 'Filter by record' }).selectOption('coupon');
  const cards = phone.getByRole('list', { name: 'Activity' }).getByRole('listitem').filter({ hasText: code });
  await expect(cards).toHaveCount(2);
  // Newest first: switched off, then created.
  await expect(cards.first()).toContainText('Deactivated');
  await expect(cards.nth(1)).toContainText('Created');
  await expect(cards.first()).toContainText(ADMIN_NAME);
  await phone.screenshot({ path: testInfo.outputPath('activity-390.png'), fullPage: true });

  await cards
    .first()
    .getByRole('button', { name: /^View deactivated by/ })
    .click();
  const dialog = phone.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Deactivated: coupon' })).toBeVisible();
  await expect(dialog.getByText('Is active:')).toBeVisible();
  await expect(dialog.getByText(code, { exact: true })).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('activity-entry-390.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A search that matches nothing says so and offers a way out.
  await phone.getByRole('searchbox', { name: 'Search by record id' }).fill('no-such-record');
  await expect(phone.getByText('Try another person, record, action or date')).toBeVisible();

  const desk = await adminPage(browser, { width: 1366, height: 900 });
  await desk.goto('/admin/activity');
  const table = desk.getByRole('table', { name: 'Activity' });
  await expect(table.getByRole('row').filter({ hasText: code }).first()).toBeVisible();
  await desk.getByRole('combobox', { name: 'Filter by person' }).selectOption({ label: ADMIN_NAME });
  await expect(table.getByRole('row').filter({ hasText: code }).first()).toBeVisible();
  await desk.screenshot({ path: testInfo.outputPath('activity-1366.png'), fullPage: true });
  await Promise.all([phone.close(), desk.close()]);
});
