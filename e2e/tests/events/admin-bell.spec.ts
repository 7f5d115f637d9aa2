/** The admin's bell rises without a reload when the demo customer places an order (issue: live updates). */
import { expect, test } from '@playwright/test';
import { placeDemoOrder, signedInRequest } from '../../support/orders';
import { demo, signInByApi } from '../../support/session';

test('the admin bell count rises live when a customer orders', async ({ page, baseURL }) => {
  await signInByApi(page, demo.admin);
  await page.goto('/admin');
  const bell = page.getByRole('button', { name: /Notifications/ });
  await expect(bell).toBeVisible();
  const countOf = async () => Number((await bell.textContent())?.replace(/\D/g, '') || '0');
  const before = await countOf();

  const customer = await signedInRequest(baseURL!, demo.customer);
  await placeDemoOrder(customer);
  await customer.dispose();

  await expect(page.getByText('New notification received')).toBeVisible();
  await expect.poll(countOf).toBeGreaterThan(before);
});
