/**
 * Stuck orders in the browser: an admin takes an assigned order off its rider, and cancels an order
 * the rider has already picked up (with a reason); the outlet then confirms the goods are back, and
 * only then does the stock return.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { demo, signInByApi } from '../../support/session';
import { signedInRequest } from '../../support/orders';
import { adminPage } from './admin-session';

/** Beside the demo outlet employee's outlet (Bwaise Factory Shop), so it is the nearest one. */
async function placeNearDemoOutlet(customer: APIRequestContext) {
  const { products } = (await (await customer.get('/api/products')).json()) as { products: { id: string; stock: number }[] };
  const product = products.find((p) => p.stock > 5)!;
  const res = await customer.post('/api/orders', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      items: [{ productId: product.id, quantity: 2 }],
      contact: { fullName: 'Daniel Mugisha', email: demo.customer, phone: '0772100002' },
      address: {
        street: 'Bwaise Road',
        city: 'Kampala',
        state: 'Central',
        postalCode: '00256',
        country: 'Uganda',
        formattedAddress: 'Bwaise Road, Kampala, Uganda',
      },
      location: { lat: 0.3565, lng: 32.5583 },
      paymentMethod: 'cash_on_delivery',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { orderId: ((await res.json()) as { order: { id: string } }).order.id, productId: product.id };
}

/** Read through the back office's product list, which is never served from the storefront's cache. */
async function stockOf(admin: APIRequestContext, productId: string) {
  const list = (await (await admin.get('/api/admin/products')).json()) as { id: string; stock: number }[];
  return list.find((p) => p.id === productId)?.stock;
}

test('an admin takes a stuck order off its rider, and cancels a picked-up one; the outlet confirms the goods are back', async ({
  browser,
  baseURL,
}) => {
  // Many steps through three people's screens and the API: more than the default minute on a busy machine.
  test.setTimeout(420_000);
  const customer = await signedInRequest(baseURL!, demo.customer);
  const rider = await signedInRequest(baseURL!, demo.rider);
  const adminApi = await signedInRequest(baseURL!, demo.admin);
  expect((await rider.put('/api/rider/status', { data: { status: 'online' } })).ok()).toBe(true);
  const riderId = ((await (await rider.get('/api/auth/session')).json()) as { rider: { id: string } }).rider.id;
  const assign = async (orderId: string) =>
    expect((await adminApi.post(`/api/admin/orders/${orderId}/assign`, { data: { riderId } })).ok()).toBe(true);

  const stuck = await placeNearDemoOutlet(customer);
  await assign(stuck.orderId);
  const carried = await placeNearDemoOutlet(customer);
  await assign(carried.orderId);
  expect((await rider.post(`/api/rider/orders/${carried.orderId}/pickup`)).ok()).toBe(true);

  const admin = await adminPage(browser, { width: 1280, height: 900 });
  await admin.goto('/admin/orders');
  const view = (id: string) => admin.getByRole('button', { name: `View order ${id.slice(0, 8).toUpperCase()}` }).first();

  // Back to the queue.
  await view(stuck.orderId).click();
  const detail = admin.getByRole('dialog');
  await detail.getByRole('button', { name: 'Take off rider' }).click();
  const ask = detail.getByRole('form');
  await ask.getByRole('button', { name: 'Back to queue' }).click();
  await expect(ask.getByText('Please give a reason')).toBeVisible();
  await ask.getByLabel('Reason').fill('Rider phone switched off');
  await ask.getByRole('button', { name: 'Back to queue' }).click();
  await expect(admin.getByText(/is back in the queue/).first()).toBeVisible();
  await expect(detail.getByText('Rider: Unassigned')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Take off rider' })).toHaveCount(0);
  await admin.keyboard.press('Escape');

  // Cancel what the rider carries: stock stays out until the outlet confirms.
  const before = await stockOf(adminApi, carried.productId);
  await view(carried.orderId).click();
  await expect(detail.getByRole('button', { name: 'Take off rider' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Cancel order' }).click();
  await expect(ask.getByText(/go back in stock when the outlet confirms their return/)).toBeVisible();
  await ask.getByLabel('Reason').fill('Rider left with the goods');
  await admin.screenshot({ path: test.info().outputPath('admin-cancel-reason-1280.png') });
  await ask.getByRole('button', { name: 'Cancel order' }).click();
  await expect(admin.getByText(/^Order #\w+ was cancelled$/).first()).toBeVisible();
  await expect(detail.getByTestId('cancel-note')).toContainText('Rider left with the goods');
  await expect(detail.getByTestId('cancel-note')).toContainText('Waiting for the outlet to confirm the goods are back');
  await admin.screenshot({ path: test.info().outputPath('admin-cancelled-1280.png') });
  expect(await stockOf(adminApi, carried.productId)).toBe(before);

  // The outlet portal, on a phone.
  const outletCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const outlet = await outletCtx.newPage();
  await signInByApi(outlet, demo.outlet);
  await outlet.goto(`/outlet/orders/${carried.orderId}`);
  const confirm = outlet.getByRole('button', { name: 'Confirm goods returned' });
  await expect(confirm).toBeVisible();
  await outlet.screenshot({ path: test.info().outputPath('outlet-confirm-return-390.png') });
  await confirm.click();
  await expect(outlet.getByText('Goods returned: they are back in stock')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  expect(await stockOf(adminApi, carried.productId)).toBe((before ?? 0) + 2);

  await Promise.all([customer.dispose(), rider.dispose(), adminApi.dispose(), outletCtx.close()]);
});

test('the admin order dialog on a phone shows the actions without sideways scrolling', async ({ browser, baseURL }) => {
  test.slow();
  const customer = await signedInRequest(baseURL!, demo.customer);
  const { orderId } = await placeNearDemoOutlet(customer);
  const admin = await adminPage(browser, { width: 390, height: 844 });
  await admin.goto('/admin/orders');
  await admin
    .getByRole('button', { name: `View order ${orderId.slice(0, 8).toUpperCase()}` })
    .first()
    .click();
  const cancel = admin.getByRole('dialog').getByRole('button', { name: 'Cancel order' });
  await cancel.scrollIntoViewIfNeeded();
  await expect(cancel).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('admin-order-actions-390.png') });
  await cancel.click();
  await admin.screenshot({ path: test.info().outputPath('admin-cancel-reason-390.png') });
  const width = await admin.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await customer.dispose();
});
