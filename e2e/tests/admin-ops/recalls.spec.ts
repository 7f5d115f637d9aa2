/**
 * Admin > Recalls: a lot delivered to one outlet and sold in an order is found by its batch number,
 * with the order and its customer; stopping its sale takes what is left off sale everywhere (the
 * outlet lists it for disposal). Screenshots at 390 and 1366 px go to test-results/recalls, with the
 * outlet's batch dialog and disposal list.
 */
import { expect, type Page, test } from '@playwright/test';
import { signedInRequest } from '../../support/orders';
import { demo, signInByApi } from '../../support/session';
import { adminPage } from '../admin/admin-session';

const SHOTS = 'test-results/recalls';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('finds the orders of a batch and stops its sale everywhere', async ({ browser, baseURL }) => {
  const lot = `RC-${Date.now().toString(36).toUpperCase()}`;
  const name = `Recall Test Sausages ${lot}`;
  const admin = await signedInRequest(baseURL!, demo.admin);
  const manager = await signedInRequest(baseURL!, demo.outlet);
  const customer = await signedInRequest(baseURL!, demo.customer);
  // A product only the demo manager's outlet holds, so the order is packed from this lot.
  const categories = (await (await admin.get('/api/admin/categories')).json()) as { id: string }[];
  const made = await admin.post('/api/admin/products', {
    data: { name, description: 'Pork sausages for the recall test', price: 6_000, stock: 0, categoryId: categories[0]!.id },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const productId = ((await made.json()) as { id: string }).id;
  const outletId = ((await (await manager.get('/api/outlet/settings')).json()) as { id: string }).id;
  const listed = await admin.post(`/api/admin/outlets/${outletId}/products`, {
    data: { productId, outletPrice: 6_000, stock: 0, minStock: 0, maxStock: 50 },
  });
  expect([200, 201]).toContain(listed.status());
  const delivered = await manager.post('/api/outlet/stock-deliveries', {
    data: { items: [{ productId, quantity: 6, batch: { lotNumber: lot, productionDate: day(-1), useBy: day(6) } }] },
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  const placed = await customer.post('/api/orders', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      items: [{ productId, quantity: 2 }],
      contact: { fullName: 'Daniel Mugisha', email: demo.customer, phone: '0772100002' },
      address: {
        street: 'Plot 4, Kira Road',
        city: 'Kampala',
        state: 'Central',
        postalCode: '00256',
        country: 'Uganda',
        formattedAddress: 'Plot 4',
      },
      location: { lat: 0.3341, lng: 32.5925 },
      paymentMethod: 'cash_on_delivery',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order: { id: string } }).order.id;
  const short = orderId.slice(-6).toUpperCase();

  const page = await adminPage(browser);
  await page.goto('/admin/outlets/recalls');
  await expect(page.getByRole('heading', { name: 'Find a batch' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/recalls-start-1366.png`, fullPage: true });
  await page.getByLabel('Product').selectOption({ label: name });
  await page.getByLabel('Batch number').fill(lot);
  await page.getByRole('button', { name: 'Find' }).click();

  const orders = page.getByTestId('recall-order');
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText(`#${short}`);
  await expect(orders.first()).toContainText('Daniel Mugisha');
  await expect(page.getByTestId('recall-totals')).toContainText('Orders1');
  await expect(page.getByText('4 still on sale at the outlets.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/recall-found-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/recall-found-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole('button', { name: 'Stop sale everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stop Sale Everywhere' });
  await dialog.getByRole('button', { name: 'Stop Sale' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Please give the reason');
  await dialog.getByLabel('Reason').fill('Metal fragment found at the factory');
  await dialog.getByRole('button', { name: 'Stop Sale' }).click();
  await expect(toast(page, 'Sale stopped: 4 taken off sale')).toBeVisible();
  await expect(page.getByTestId('recall-banner')).toContainText('Metal fragment found at the factory');
  await expect(page.getByTestId('recall-batch').first()).toContainText('Sale stopped');
  await expect(orders.first()).toContainText('Not told yet');
  await page.getByRole('button', { name: 'Send recall message' }).click();
  await expect(toast(page, 'Recall message queued for 1 customer')).toBeVisible();
  await expect(orders.first()).not.toContainText('Not told yet');
  await expect(orders.first()).toContainText('SMS');
  await page.screenshot({ path: `${SHOTS}/recall-stopped-1366.png`, fullPage: true });

  // The regulator's PDF, beside the CSV: a real PDF named after the recall.
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^recall-[0-9a-f]{8}\.pdf$/);
  const bytes = await (await import('node:fs/promises')).readFile((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.getByRole('link', { name: 'Download PDF' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/recall-exports-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/recall-stopped-390.png`, fullPage: true });

  // Nothing of the lot is on sale any more: the storefront figure is 0, the outlet lists it for disposal.
  const stock = (await (await manager.get('/api/outlet/stock')).json()) as { items: { productId: string; stock: number }[] };
  expect(stock.items.find((i) => i.productId === productId)!.stock).toBe(0);

  const outlet = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signInByApi(outlet, demo.outlet);
  await outlet.goto('/outlet/stock');
  const disposal = outlet.getByTestId('disposal-list').getByTestId('disposal-row').filter({ hasText: lot });
  await expect(disposal).toContainText('Sale stopped');
  await outlet.getByTestId('disposal-list').scrollIntoViewIfNeeded();
  await outlet.getByTestId('disposal-list').screenshot({ path: `${SHOTS}/disposal-1366.png` });
  await outlet.getByRole('button', { name: 'Record delivery' }).click();
  await expect(outlet.getByRole('dialog', { name: 'Record Delivery' })).toBeVisible();
  await outlet.screenshot({ path: `${SHOTS}/batch-dialog-1366.png` });
  await outlet.getByRole('dialog', { name: 'Record Delivery' }).getByRole('button', { name: 'Cancel' }).click();
  await outlet.setViewportSize({ width: 390, height: 844 });
  await outlet.getByTestId('disposal-list').scrollIntoViewIfNeeded();
  await outlet.getByTestId('disposal-list').screenshot({ path: `${SHOTS}/disposal-390.png` });
  await outlet.getByRole('button', { name: 'Record delivery' }).click();
  await outlet.getByRole('dialog', { name: 'Record Delivery' }).getByRole('button', { name: 'Add another product' }).click();
  await outlet.screenshot({ path: `${SHOTS}/batch-dialog-390.png` });
  await outlet.getByRole('dialog', { name: 'Record Delivery' }).getByRole('button', { name: 'Cancel' }).click();
  await outlet.getByTestId('stock-batches').scrollIntoViewIfNeeded();
  await outlet.getByTestId('stock-batches').screenshot({ path: `${SHOTS}/batches-390.png` });

  // The disposal is recorded with its reason and the batch leaves the list.
  await disposal.getByRole('button', { name: 'Write off' }).click();
  const writeOff = outlet.getByRole('dialog', { name: 'Write Off Batch' });
  await writeOff.getByRole('button', { name: 'Write Off' }).click();
  await expect(toast(outlet, 'Batch written off')).toBeVisible();
  await expect(disposal).toHaveCount(0);

  // The order names the batch it was packed from.
  await outlet.goto(`/outlet/orders/${orderId}`);
  await expect(outlet.getByTestId('line-batches')).toContainText(`Batch ${lot}`);
  await outlet.screenshot({ path: `${SHOTS}/order-batches-390.png`, fullPage: true });
  await Promise.all([admin.dispose(), manager.dispose(), customer.dispose()]);
});
