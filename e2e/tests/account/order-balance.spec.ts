/**
 * A paid order made dearer: staff add one more to a card order the customer already paid; the
 * customer sees the balance on their order page, opens its pay page and pays just the balance on
 * the simulator; the order then owes nothing.
 */
import { expect, test } from '@playwright/test';
import { adminPage } from '../admin/admin-session';
import { placeDemoOrder } from '../../support/orders';
import { demo, signInByApi } from '../../support/session';

const ugx = (n: number) => `UGX ${n.toLocaleString('en-US')}`;

test('staff make a paid order dearer and the customer pays the balance', async ({ page, browser }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, demo.customer);
  const orderId = await placeDemoOrder(page.request, 'card');
  const start = await page.request.post('/api/payments/initiate', { data: { orderId } });
  expect(start.ok(), await start.text()).toBe(true);
  await page.goto((await start.json()).paymentUrl);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/orders\/confirm\?OrderTrackingId=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()).order as {
    orderNumber: string;
    paymentStatus: string;
    items: { productName: string; price: number }[];
  };
  expect(order.paymentStatus).toBe('paid');
  const line = order.items[0]!;

  // Staff: the customer called for one more. The paid order gets dearer; the balance is asked by SMS.
  const admin = await adminPage(browser, { width: 1366, height: 900 });
  await admin.goto('/admin/orders');
  const row = admin.getByRole('row').filter({ hasText: `#${order.orderNumber}` });
  await row.getByRole('button', { name: `View order ${order.orderNumber}` }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Edit items' }).click();
  await dialog.getByRole('button', { name: `More ${line.productName}` }).click();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText(`link to pay the balance of ${ugx(line.price)}`).first()).toBeVisible();
  await expect(dialog.getByTestId('admin-balance-due')).toContainText(ugx(line.price));
  await expect(dialog.getByTestId('order-edit-balance')).toContainText(`Balance of ${ugx(line.price)} asked by SMS link · not paid yet`);
  await admin.screenshot({ path: testInfo.outputPath('admin-balance-1366.png'), fullPage: true });

  // The customer's order page: the balance and Pay.
  await page.goto(`/orders/${orderId}`);
  const due = page.getByTestId('balance-due');
  await expect(due).toContainText(`Balance to pay: ${ugx(line.price)}`);
  await page.screenshot({ path: testInfo.outputPath('order-balance-390.png'), fullPage: true });
  await due.getByRole('link', { name: `Pay ${ugx(line.price)}` }).click();

  // The pay page asks just the balance.
  await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByTestId('balance-to-pay')).toContainText(`Balance to pay${ugx(line.price)}`);
  await page.screenshot({ path: testInfo.outputPath('pay-balance-390.png'), fullPage: true });
  await page.getByRole('button', { name: `Pay balance ${ugx(line.price)}` }).click();
  await expect(page.getByRole('heading', { name: 'Secure payment' })).toBeVisible();
  await expect(page.getByText(ugx(line.price)).first()).toBeVisible();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{32}\?OrderTrackingId=/);
  await expect(page.getByRole('heading', { name: 'Balance received' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Balance paid, thank you' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('pay-balance-paid-390.png'), fullPage: true });

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: `Order #${order.orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('balance-due')).toHaveCount(0);
  const after = (await (await page.request.get(`/api/orders/${orderId}`)).json()).order;
  expect(after).toMatchObject({ balanceDue: 0, paymentStatus: 'paid' });

  // Its stock goes back to the shelf for the tests that follow (the cancel refunds what was paid).
  const origin = new URL(page.url()).origin;
  const cancel = await admin.request.post(`/api/admin/orders/${orderId}/cancel`, {
    headers: { origin },
    data: { reason: 'Browser test finished' },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  // Its live stream would otherwise stay open into the next tests.
  await admin.context().close();
});
