/**
 * Outlets > Stock in the back office, batch by batch: the admin records a factory delivery at an
 * outlet with its batch label, sees the product's batches there, and, once the lot is recalled,
 * writes it off from the disposal list with a reason. Screenshots at 360 and 1280 px go to
 * test-results/outlet-batches.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedInRequest } from '../../support/orders';
import { demo, signInByApi } from '../../support/session';

const SHOTS = 'test-results/outlet-batches';
const OUTLET = 'Ntinda Outlet';
const day = (n: number) => new Date(Date.now() + 3 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function shoot(page: Page, name: string, scrollTo?: Locator) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await scrollTo?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the admin records a delivery lot by lot, sees the batches and writes off a recalled one', async ({ page, baseURL }) => {
  const lot = `BO-${Date.now().toString(36).toUpperCase()}`;
  const name = `Back Office Lamb Chops ${lot}`;
  const admin = await signedInRequest(baseURL!, demo.admin);
  const categories = (await (await admin.get('/api/admin/categories')).json()) as { id: string }[];
  const made = await admin.post('/api/admin/products', {
    data: { name, description: 'Lamb chops for the batch test', price: 9_000, stock: 0, categoryId: categories[0]!.id },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const productId = ((await made.json()) as { id: string }).id;
  const outlets = (await (await admin.get('/api/admin/outlets')).json()) as { id: string; name: string }[];
  const outletId = outlets.find((o) => o.name === OUTLET)!.id;
  const listed = await admin.post(`/api/admin/outlets/${outletId}/products`, {
    data: { productId, outletPrice: 9_000, stock: 0, minStock: 0, maxStock: 50 },
  });
  expect([200, 201]).toContain(listed.status());

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, demo.admin);
  await page.goto('/admin/outlets/stock');
  await expect(page.getByRole('button', { name: 'Record Delivery' })).toBeDisabled();
  await page.getByLabel('Outlet', { exact: true }).selectOption({ label: OUTLET });
  await page.getByRole('button', { name: 'Record Delivery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Delivery' });
  await expect(dialog).toContainText(`What the factory delivered to ${OUTLET}`);

  // Without a label nothing is saved: the batch number and use-by are asked for.
  await dialog.getByLabel('Product', { exact: true }).selectOption({ label: name });
  await dialog.getByLabel('Units received').fill('8');
  await dialog.getByRole('button', { name: 'Save Delivery' }).click();
  await expect(dialog.getByText('Enter the batch number')).toBeVisible();
  await dialog.getByLabel('Batch number').fill(lot);
  await dialog.getByLabel('Production date').fill(day(-1));
  await dialog.getByLabel('Use-by date').fill(day(7));
  await expect(dialog.getByText('Enter the batch number')).toHaveCount(0);
  await shoot(page, 'delivery-dialog');
  await dialog.getByRole('button', { name: 'Save Delivery' }).click();
  await expect(toast(page, 'Delivery recorded')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The product's batches at the outlet: the lot, its dates and units, on sale.
  await page.getByLabel('Search products').fill(lot);
  await page.getByRole('button', { name: `Batches of ${name} at ${OUTLET}` }).click();
  const batches = page.getByRole('dialog', { name: `Batches of ${name}` });
  const row = batches.getByTestId('product-batch-row').filter({ hasText: lot });
  await expect(row).toContainText('8');
  await expect(row).toContainText('On sale');
  await shoot(page, 'product-batches');
  await batches.getByRole('button', { name: 'Close' }).click();
  await expect(batches).toHaveCount(0);
  await shoot(page, 'stock-screen');
  await expect(page.getByTestId('stock-batches').getByTestId('batch-row').filter({ hasText: name })).toContainText(lot);
  const movements = page.locator('table').last();
  await expect(movements.getByText(lot).first()).toBeVisible();

  // The lot is recalled: it waits on the disposal list until written off with a reason.
  const recall = await admin.post('/api/admin/recalls', { data: { productId, lotNumber: lot, reason: 'Seal failure on the line' } });
  expect(recall.status(), await recall.text()).toBe(201);
  await page.reload();
  await page.getByLabel('Outlet', { exact: true }).selectOption({ label: OUTLET });
  const disposal = page.getByTestId('disposal-list').getByTestId('disposal-row').filter({ hasText: lot });
  await expect(disposal).toContainText('Sale stopped');
  await shoot(page, 'disposal', page.getByTestId('disposal-list'));
  await disposal.getByRole('button', { name: 'Write off' }).click();
  const writeOff = page.getByRole('dialog', { name: 'Write Off Batch' });
  await writeOff.getByLabel('Reason', { exact: true }).fill('');
  await writeOff.getByRole('button', { name: 'Write Off' }).click();
  await expect(writeOff.getByText('Please give a reason')).toBeVisible();
  await writeOff.getByLabel('Reason', { exact: true }).fill('Returned to the factory, van 2');
  await writeOff.getByRole('button', { name: 'Write Off' }).click();
  await expect(toast(page, 'Batch written off')).toBeVisible();
  await expect(disposal).toHaveCount(0);

  await page.getByLabel('Search products').fill(lot);
  await page.getByRole('button', { name: `Batches of ${name} at ${OUTLET}` }).click();
  await expect(batches.getByTestId('product-batch-row').filter({ hasText: lot })).toContainText('Written off');
  await expect(batches).toContainText('Returned to the factory, van 2');
  await admin.dispose();
});
