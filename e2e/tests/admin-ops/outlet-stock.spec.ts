/** The admin sends stock from one outlet to another from Outlet stock; the ledger shows both rows. */
import { expect, test } from '@playwright/test';
import { demo, signInByApi } from '../../support/session';

const SHOTS = process.env.E2E_SHOTS_DIR;

test('the admin transfers stock between outlets and sees it in the movements', async ({ page }) => {
  await signInByApi(page, demo.admin);
  await page.goto('/admin/outlets/stock');
  await page.getByLabel('Outlet', { exact: true }).selectOption({ label: 'Bwaise Factory Shop' });
  // Rows run lowest stock first: the last one has units to send.
  const first = page.getByRole('checkbox', { name: /^Select / }).last();
  await first.check();
  const product = ((await first.getAttribute('aria-label')) ?? '').replace(/^Select /, '');
  await page.getByRole('button', { name: 'Transfer' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Transfer Stock' })).toBeVisible();
  await dialog.getByLabel('To outlet').selectOption({ label: 'Ntinda Outlet' });
  await dialog.getByLabel(`Units of ${product} to send`).fill('1');
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/transfer-${width}.png` });
  }
  await dialog.getByRole('button', { name: 'Send Stock' }).click();
  await expect(page.getByText('Stock transferred')).toBeVisible();
  const movements = page.locator('table').last();
  await expect(movements.getByText('Transfer out').first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/movements-1366.png`, fullPage: true });
});

test('outlet staff see their outlet stock', async ({ page }) => {
  await signInByApi(page, demo.outlet);
  await page.goto('/outlet/stock');
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Failed to /)).toHaveCount(0);
  await expect(page.locator('tbody tr').first()).toBeVisible();
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/outlet-stock-${width}.png` });
  }
});
