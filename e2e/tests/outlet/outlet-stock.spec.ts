/**
 * The outlet portal's Stock screen: the demo manager records a delivery and a stock count and sees
 * the figure and the ledger change at once; a transfer of more than the outlet holds is refused with
 * the server's message in the form. Staff who are not the manager see the stock but no forms.
 * Screenshots of the screen with each form open, at 390 and 1366 px, go to test-results/outlet-stock.
 */
import { expect, type Page, test } from '@playwright/test';
import { signedInRequest } from '../../support/orders';
import { demo, signInByApi, uniqueAccount } from '../../support/session';

const SHOTS = 'test-results/outlet-stock';
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('the manager records a delivery and a count; the figure and the ledger follow', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInByApi(page, demo.outlet);
  await page.goto('/outlet/stock');

  const firstRow = page.getByTestId('stock-row').first();
  await expect(firstRow).toBeVisible();
  const name = (await firstRow.locator('td').first().locator('.font-medium').first().textContent())!.trim();
  const row = page.getByTestId('stock-row').filter({ has: page.getByText(name, { exact: true }) });
  const figure = row.getByTestId('stock-figure');
  const before = Number(await figure.textContent());
  const ledger = page.getByTestId('stock-movements').getByTestId('stock-movement').first();

  // Delivery: units received are added as a batch with its label; the ledger names the batch.
  await page.getByRole('button', { name: 'Record delivery' }).click();
  const delivery = page.getByRole('dialog', { name: 'Record Delivery' });
  await expect(delivery).toBeVisible();
  const useBy = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
  await delivery.getByLabel('Product', { exact: true }).selectOption({ label: name });
  await delivery.getByLabel('Units received').fill('5');
  await delivery.getByLabel('Batch number').fill('E2E-LOT-7');
  await delivery.getByLabel('Use-by date').fill(useBy);
  await delivery.getByLabel('Note (optional)').fill('Van 2, morning run');
  await page.screenshot({ path: `${SHOTS}/delivery-1366.png` });
  await delivery.getByRole('button', { name: 'Save Delivery' }).click();
  await expect(toast(page, 'Delivery recorded')).toBeVisible();
  await expect(delivery).toBeHidden();
  await expect(figure).toHaveText(String(before + 5));
  await expect(ledger).toContainText(name);
  await expect(ledger).toContainText('+5');
  await expect(ledger).toContainText('Delivery');
  await expect(ledger).toContainText('Van 2, morning run');
  await expect(ledger).toContainText('Batch E2E-LOT-7');
  await expect(page.getByTestId('stock-batches').getByTestId('batch-row').filter({ hasText: 'E2E-LOT-7' })).toContainText('5');

  // Transfer: more than the outlet holds is refused, the message shown in the form, nothing moves.
  await page.getByRole('button', { name: 'Transfer' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer Stock' });
  await transfer.getByLabel('To outlet').selectOption({ index: 1 });
  await transfer.getByLabel(`Units of ${name} to send`).fill(String(before + 100));
  await transfer.getByLabel('Reason (optional)').fill('They ran out');
  await transfer.getByRole('button', { name: 'Send Stock' }).click();
  await expect(transfer.getByRole('alert')).toContainText(`has only ${before + 5} of ${name}: it cannot send ${before + 100}.`);
  await page.screenshot({ path: `${SHOTS}/transfer-refused-1366.png` });
  await transfer.getByRole('button', { name: 'Cancel' }).click();
  await expect(figure).toHaveText(String(before + 5));

  // Count: the counted figure replaces the figure; the ledger keeps the difference as a count. It
  // counts back to the figure found, so the storefront's stock (which other specs read) is unchanged.
  await page.getByRole('button', { name: 'Stock count' }).click();
  const count = page.getByRole('dialog', { name: 'Stock Count' });
  await count.getByLabel(`Counted units of ${name}`).fill(String(before));
  await page.screenshot({ path: `${SHOTS}/count-1366.png` });
  await count.getByRole('button', { name: 'Save Count' }).click();
  await expect(toast(page, 'Stock count saved')).toBeVisible();
  await expect(figure).toHaveText(String(before));
  await expect(ledger).toContainText(name);
  await expect(ledger).toContainText('-5');
  await expect(ledger).toContainText('Count');
  await expect(ledger).toContainText('Stock count');
  await page.screenshot({ path: `${SHOTS}/stock-1366.png` });
  await page.getByTestId('stock-movements').screenshot({ path: `${SHOTS}/ledger-1366.png` });

  // The same screen and forms on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/stock-390.png` });
  await page.getByTestId('stock-movements').screenshot({ path: `${SHOTS}/ledger-390.png` });
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const [button, dialog, file] of [
    ['Record delivery', 'Record Delivery', 'delivery'],
    ['Stock count', 'Stock Count', 'count'],
    ['Transfer', 'Transfer Stock', 'transfer'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${file}-390.png` });
    await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: 'Cancel' }).click();
  }
});

test('staff who are not the manager see the stock and its ledger but no forms', async ({ page, baseURL }) => {
  const admin = await signedInRequest(baseURL!, demo.admin);
  const employees = (await (await admin.get('/api/admin/employees')).json()) as { email: string; outlet: { id: string } }[];
  const outletId = employees.find((e) => e.email === demo.outlet)!.outlet.id;
  const { roles } = (await (await admin.get('/api/admin/roles')).json()) as { roles: { id: number; name: string }[] };
  const { email } = uniqueAccount();
  const created = await admin.post('/api/admin/employees', {
    data: { email, password: 'secret123', fullName: 'Peter Packer', outletId, roleId: roles.find((r) => r.name === 'Packer')!.id },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await admin.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, email, 'secret123');
  await page.goto('/outlet/stock');
  await expect(page.getByTestId('stock-row').first()).toBeVisible();
  await expect(page.getByText(/recorded by the manager or the back office/)).toBeVisible();
  await expect(page.getByTestId('stock-movements').getByTestId('stock-movement').first()).toBeVisible();
  for (const name of ['Record delivery', 'Stock count', 'Transfer']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  // The server refuses too, whatever the page shows.
  const refused = await page.request.post('/api/outlet/stock-deliveries', {
    headers: { origin: new URL(baseURL!).origin },
    data: { items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Only the outlet manager can record deliveries.');
});
