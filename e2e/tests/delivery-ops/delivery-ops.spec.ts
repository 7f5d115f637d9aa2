/**
 * Delivery operations in the browser: the checkout offers delivery slots and the order
 * shows the chosen one; the admin's outbox (Settings > Messages) holds the customer's SMS for
 * "rider assigned" once the admin assigns a rider.
 */
import { expect, test } from '@playwright/test';
import { demoProducts } from '../../support/cart';
import { placeDemoOrder, signedInRequest } from '../../support/orders';
import { demo, signInByApi } from '../../support/session';
import { adminPage } from '../admin/admin-session';

interface SlotsResponse {
  asap: { available: boolean };
  days: { date: string; label: string; slots: { start: string; label: string; remaining: number }[] }[];
}

test('the checkout offers delivery slots and the order detail shows the chosen slot', async ({ page }) => {
  await signInByApi(page, demo.customer);
  const [product] = await demoProducts(page);
  if (!product) throw new Error('need a demo product in stock');
  await page.goto('/products');
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();

  await page.goto('/checkout');
  await page.getByLabel('Search for a place').fill('Ntinda');
  await page.getByRole('button', { name: /^Ntinda, Kampala, Uganda$/ }).click();
  await expect(page.getByTestId('delivery-address')).toContainText('Ntinda, Kampala, Uganda');

  // The slots the server offers now; the last day offered always has open slots.
  const slots = (await (await page.request.get('/api/delivery-slots')).json()) as SlotsResponse;
  const day = slots.days.at(-1)!;
  const slot = day.slots.find((s) => s.remaining > 0)!;
  const picker = page.getByRole('radiogroup', { name: 'Delivery time' });
  await expect(picker.getByText('As soon as possible')).toBeVisible();
  // Something is preselected: as soon as possible when open, else the first slot with room.
  await expect(picker.getByRole('radio', { checked: true })).toHaveCount(1);
  await picker.getByRole('tab', { name: day.label }).click();
  await picker.getByRole('radio', { name: `${day.label} ${slot.label}` }).check({ force: true });
  await expect(picker.getByRole('radio', { name: `${day.label} ${slot.label}` })).toBeChecked();
  await page.screenshot({ path: 'test-results/checkout-slots.png', fullPage: true });

  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop() ?? '';
  const { order } = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
    order: { deliverySlot: { start: string; label: string } };
  };
  expect(order.deliverySlot.start).toBe(slot.start);
  await expect(page.getByTestId('delivery-slot')).toHaveText(`Delivery time: ${order.deliverySlot.label}`);
  expect(order.deliverySlot.label).toContain(slot.label);
});

test('the outbox shows the customer SMS for "rider assigned" after the admin assigns a rider', async ({ browser, baseURL }) => {
  const customer = await signedInRequest(baseURL!, demo.customer);
  const orderId = await placeDemoOrder(customer);
  const orderNumber = orderId.slice(0, 8).toUpperCase();
  const rider = await signedInRequest(baseURL!, demo.rider);
  expect((await rider.put('/api/rider/status', { data: { status: 'online' } })).ok()).toBe(true);

  const admin = await adminPage(browser);
  await admin.goto('/admin/orders');
  const row = admin.getByRole('row', { name: new RegExp(orderId.slice(0, 8), 'i') });
  await row.getByRole('button', { name: 'Assign Rider' }).click();
  await admin.getByRole('dialog').getByRole('radio').first().check();
  await admin.getByRole('dialog').getByRole('button', { name: 'Assign Rider' }).click();
  await expect(admin.getByText('Rider assigned successfully')).toBeVisible();

  await admin.goto('/admin/settings?tab=messages');
  await expect(admin.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  await admin.getByRole('tab', { name: 'SMS' }).click();
  const sms = admin
    .getByTestId('message-row')
    .filter({ hasText: `#${orderNumber}` })
    .filter({ hasText: 'SMS · Rider assigned' });
  await expect(sms).toHaveCount(1);
  await expect(sms).toContainText('To +256772100002');
  await expect(sms).toContainText(`has been assigned to your order #${orderNumber}`);
  // The worker delivers it to the outbox off the request path.
  await expect(async () => {
    await admin.reload();
    await admin.getByRole('tab', { name: 'SMS' }).click();
    await expect(sms).toContainText('Sent', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await Promise.all([customer.dispose(), rider.dispose()]);
});
