/**
 * Admin > Reports > Payments: a card payment made on the simulator today shows in the day × method
 * table and the totals, the CSV agrees with the screen, and the Differences section reads empty
 * (the simulator agrees). A second test shows a difference as the server lists it, with Check again.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { placeDemoOrder } from '../../support/orders';
import { demo, signInByApi } from '../../support/session';

const SHOTS = process.env.E2E_SHOTS_DIR;
const ugx = (n: number) => `UGX ${n.toLocaleString('en-US')}`;

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
}

/** A card order of the demo customer, paid in their browser on the simulator's card page. */
async function paidCardOrder(page: Page) {
  await signInByApi(page, demo.customer);
  const orderId = await placeDemoOrder(page.request, 'card');
  const started = await page.request.post('/api/payments/initiate', { data: { orderId } });
  expect(started.ok(), await started.text()).toBe(true);
  await page.goto((await started.json()).paymentUrl);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await page.context().clearCookies();
  return orderId;
}

test('the admin sees what was paid today by card, exports it, and no differences', async ({ page }) => {
  const orderId = await paidCardOrder(page);
  await signInByApi(page, demo.admin);

  await page.goto('/admin/reports/payments');
  await expect(page.getByRole('heading', { name: 'Payments Report', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payments', exact: true })).toBeVisible();

  const to = await page.getByLabel('To', { exact: true }).inputValue();
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const report = await (await page.request.get(`/api/admin/reports/payments?from=${from}&to=${to}`)).json();
  // The default range is the last 7 Kampala days, the same the server picks on its own.
  const byDefault = await (await page.request.get('/api/admin/reports/payments')).json();
  expect({ from, to }).toEqual({ from: byDefault.from, to: byDefault.to });

  const card = report.rows.find((r: { day: string; method: string }) => r.day === to && r.method === 'card');
  expect(card.payments).toBeGreaterThan(0);
  await expect(page.getByText(ugx(report.totals.paid)).first()).toBeVisible();
  await expect(page.getByText(ugx(report.totals.net)).first()).toBeVisible();

  const table = page.getByRole('table', { name: 'Payments by day and method' });
  const cardRow = table
    .getByRole('row')
    .filter({ hasText: 'Card' })
    .filter({ hasText: card.paid.toLocaleString('en-US') });
  await expect(cardRow.first()).toBeVisible();
  await expect(table.getByRole('row').last()).toContainText(report.totals.net.toLocaleString('en-US'));

  await expect(page.getByRole('heading', { name: 'Differences', exact: true })).toBeVisible();
  await expect(page.getByText('The provider agrees with every payment checked.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`payments-${from}-to-${to}.csv`);
  const lines = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('"Date","Method","Payments","Paid (UGX)","Refunded (UGX)","Net (UGX)"');
  expect(lines.at(-1)).toBe(
    `"Total","All methods",${report.totals.payments},${report.totals.paid},${report.totals.refunded},${report.totals.net}`,
  );

  await shots(page, 'payments-report');

  // The link a difference carries opens that order's details in the orders list.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/admin/orders?order=${orderId}`);
  await expect(page.getByRole('dialog')).toContainText(orderId.slice(0, 8).toUpperCase());
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/orders$/);
});

test('a difference is listed with its order link and Check again', async ({ page }) => {
  await signInByApi(page, demo.admin);
  // The simulator agrees with every payment, so the difference comes as the server would list it.
  const orderId = '4f3c2b1a-0000-4000-8000-000000000001';
  const paymentId = '9a8b7c6d-0000-4000-8000-000000000002';
  const now = new Date().toISOString();
  await page.route('**/api/admin/reports/payments/differences', (route) =>
    route.fulfill({
      json: {
        differences: [
          {
            paymentId,
            orderId,
            orderNumber: '4F3C2B1A',
            method: 'mtn_money',
            methodLabel: 'MTN Mobile Money',
            ourStatus: 'completed',
            orderPaymentStatus: 'paid',
            providerStatus: 'FAILED',
            amount: 145_000,
            providerAmount: 145_000,
            difference: 'We recorded this payment paid; the provider says FAILED.',
            since: now,
            checkedAt: now,
          },
        ],
        lastCheckedAt: now,
        checked: 12,
        days: 3,
      },
    }),
  );
  await page.route(`**/api/admin/reports/payments/${paymentId}/check`, (route) =>
    route.fulfill({
      json: { agrees: false, providerStatus: 'FAILED', difference: 'We recorded this payment paid; the provider says FAILED.' },
    }),
  );
  await page.goto('/admin/reports/payments');
  const item = page.getByRole('list', { name: 'Payment differences' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link', { name: '#4F3C2B1A' })).toHaveAttribute('href', `/admin/orders?order=${orderId}`);
  await expect(item.getByText('We recorded this payment paid; the provider says FAILED.')).toBeVisible();
  await item.getByRole('button', { name: 'Check order 4F3C2B1A again' }).click();
  await expect(page.getByText('Order #4F3C2B1A still differs').first()).toBeVisible();
  await shots(page, 'payments-differences');
});
