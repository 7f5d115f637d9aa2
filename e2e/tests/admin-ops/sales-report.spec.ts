/** The demo admin runs a sales report and downloads its CSV; the CSV agrees with the screen. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { demo, signInByApi } from '../../support/session';

const SHOTS = process.env.E2E_SHOTS_DIR;

test('the demo admin runs a sales report and downloads its CSV', async ({ page }) => {
  await signInByApi(page, demo.admin);
  await page.goto('/admin/reports/sales');
  await expect(page.getByRole('heading', { name: 'Sales Report' })).toBeVisible();

  // Choose a range: the last 7 days preset, then a custom start date.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  const from = new Date(`${to}T12:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 13);
  const fromDay = from.toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(fromDay);
  await expect(page.getByText('Revenue by day')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Revenue by day' })).toBeVisible();

  // The screen's totals come from the same report the CSV is built from.
  const report = await (await page.request.get(`/api/admin/reports/sales?from=${fromDay}&to=${to}`)).json();
  await expect(page.getByText('UGX', { exact: false }).first()).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`sales-by-day-${fromDay}-to-${to}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('"Date","Orders","Units","Revenue (UGX)"');
  expect(lines).toHaveLength(14 + 2);
  expect(lines.at(-1)).toBe(
    `"Total",${report.totals.orders},${report.byDay.reduce((s: number, r: { units: number }) => s + r.units, 0)},${report.totals.revenue}`,
  );

  // Another breakdown exports its own CSV.
  await page.getByRole('tab', { name: 'Payment method' }).click();
  const second = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect((await second).suggestedFilename()).toBe(`sales-by-payment-method-${fromDay}-to-${to}.csv`);
});

/** Every ops screen opens at desk and phone sizes with its title and no error state (screenshots when E2E_SHOTS_DIR is set). */
test('ops screens at phone and desk sizes', async ({ page }) => {
  test.setTimeout(240_000);
  await signInByApi(page, demo.admin);
  for (const [path, name] of [
    ['/admin/reports/sales', 'sales'],
    ['/admin/settings', 'settings'],
    ['/admin/delivery/zones', 'zones'],
    ['/admin/products/inventory', 'inventory'],
    ['/admin/outlets/stock', 'outlet-stock'],
    ['/admin/orders/pending', 'pending'],
    ['/admin/reports/inventory', 'inventory-report'],
  ] as const) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Dashboard');
    await expect(page.getByText(/^Failed to /)).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-1366.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
  }
});
