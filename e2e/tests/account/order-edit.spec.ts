/**
 * A customer changes their own pending order from its page: one more of a line, saved; the total
 * follows and the change is listed under the order's status.
 */
import { expect, test } from '@playwright/test';
import { placeDemoOrder } from '../../support/orders';
import { demo, signInByApi } from '../../support/session';

test('a customer adds one more of a line to their pending order', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, demo.customer);
  const orderId = await placeDemoOrder(page.request);
  const before = (await (await page.request.get(`/api/orders/${orderId}`)).json()).order as {
    totalAmount: number;
    items: { productName: string; price: number }[];
  };
  const line = before.items[0]!;

  await page.goto(`/orders/${orderId}`);
  await page.getByRole('button', { name: 'Change items' }).click();
  await page.getByRole('button', { name: `More ${line.productName}` }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your order was updated')).toBeVisible();

  const change = page.getByTestId('order-change');
  await expect(change).toContainText('Changed by you');
  const ugx = (n: number) => `UGX ${n.toLocaleString('en-US')}`;
  await expect(change).toContainText(`${ugx(before.totalAmount)} → ${ugx(before.totalAmount + line.price)}`);
  await expect(page.getByText(`2 × ${ugx(line.price)}`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('order-edited-390.png'), fullPage: true });

  // Another look from the server: the order holds two now.
  const after = (await (await page.request.get(`/api/orders/${orderId}`)).json()).order;
  expect(after.totalAmount).toBe(before.totalAmount + line.price);
  await page.request.post(`/api/orders/${orderId}/cancel`);
});
