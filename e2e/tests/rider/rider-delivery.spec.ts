/**
 * A delivery from start to end in the rider app, with orders placed and assigned through the real
 * endpoints (POST /api/orders, POST /api/admin/orders/:id/assign).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { assignDemoRider, placeDemoOrder, signedInRequest } from '../../support/orders';
import { demo, DEMO_PASSWORD } from '../../support/session';

test.use({ viewport: { width: 390, height: 844 } });

const photo = readFileSync(new URL('../../fixtures/delivery-photo.jpg', import.meta.url));

async function signInRider(page: Page) {
  await page.goto('/rider/login');
  await page.getByLabel('Email').fill(demo.rider);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await expect(page.getByRole('heading', { name: 'Active Deliveries', exact: true })).toBeVisible();
}

async function newAssignedOrder(baseURL: string) {
  const customer = await signedInRequest(baseURL, demo.customer);
  const admin = await signedInRequest(baseURL, demo.admin);
  const rider = await signedInRequest(baseURL, demo.rider);
  // Online whatever an earlier test left: only an online rider can be given an order.
  const online = await rider.put('/api/rider/status', { data: { status: 'online' } });
  if (!online.ok()) throw new Error(`going online failed: ${online.status()} ${await online.text()}`);
  const orderId = await placeDemoOrder(customer);
  await assignDemoRider(admin, rider, orderId);
  await Promise.all([customer.dispose(), admin.dispose(), rider.dispose()]);
  return orderId;
}

const card = (page: Page, orderId: string) =>
  page.getByTestId('rider-order-card').filter({ hasText: `Order #${orderId.slice(-6).toUpperCase()}` });

test('an assigned order appears live; the rider picks it up, delivers with a photo, and earns', async ({ page, baseURL }) => {
  await signInRider(page);
  const deliveriesBefore = Number(await page.getByTestId('today-deliveries').textContent());

  const orderId = await newAssignedOrder(baseURL!);
  // No reload: the live stream brings it.
  await expect(card(page, orderId)).toBeVisible();
  await expect(card(page, orderId).getByText('New Order')).toBeVisible();

  await card(page, orderId).getByRole('link').first().click();
  await page.getByRole('button', { name: 'Confirm Pickup' }).click();
  await expect(page.getByText('In Progress')).toBeVisible();
  await page.getByTestId('delivery-photo-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByAltText('Delivery proof')).toBeVisible();
  await page.screenshot({ path: 'test-results/rider-delivered.png', fullPage: true });

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByTestId('today-deliveries')).toHaveText(String(deliveriesBefore + 1));
  await expect(page.getByTestId('today-earnings')).not.toHaveText('UGX 0');
});

test('a pickup confirmed with no signal waits as pending and syncs when back online', async ({ page, baseURL, context }) => {
  await signInRider(page);
  const orderId = await newAssignedOrder(baseURL!);
  await expect(card(page, orderId)).toBeVisible();
  await card(page, orderId).getByRole('link').first().click();
  await expect(page.getByRole('button', { name: 'Confirm Pickup' })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('You are offline. Some features may be limited.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Pickup' }).click();
  await expect(page.getByTestId('order-pending-sync')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Delivery' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('order-pending-sync')).toBeHidden({ timeout: 15_000 });
  const res = await page.request.get(`/api/rider/orders/${orderId}`);
  expect((await res.json()).order.status).toBe('picked_up');
});
