/**
 * The back office's order list asks the server: an admin finds an order by its number or its
 * customer's phone whatever page it is on, narrows by payment method and day, and the address keeps
 * what they chose across a reload.
 */
import { expect, test } from '@playwright/test';
import { placeDemoOrder, signedInRequest } from '../../support/orders';
import { demo } from '../../support/session';
import { adminPage } from './admin-session';

test('an admin searches and filters orders on the server, and the address keeps it', async ({ browser, baseURL }, testInfo) => {
  const customer = await signedInRequest(baseURL!, demo.customer);
  const cardOrder = await placeDemoOrder(customer, 'card');
  const cashOrder = await placeDemoOrder(customer);
  await customer.dispose();
  const number = (id: string) => id.slice(0, 8).toUpperCase();

  const admin = await adminPage(browser, { width: 1366, height: 900 });
  await admin.goto('/admin/orders');
  const table = admin.getByRole('table', { name: 'Orders' });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();

  // By number: the one order, with or without "#".
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(`#${number(cardOrder)}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`#${number(cardOrder)}`);
  await expect(admin).toHaveURL(/q=%23/);

  // By the customer's phone as people write it, narrowed to card payments made today.
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill('0772 100 002');
  await admin.getByLabel('Filter by payment method').selectOption({ label: 'Card' });
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  await admin.getByLabel('From').fill(today);
  await expect(table.getByText(`#${number(cardOrder)}`)).toBeVisible();
  await expect(table.getByText(`#${number(cashOrder)}`)).toHaveCount(0);

  // A reload shows the same list.
  await admin.reload();
  await expect(admin.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('0772 100 002');
  await expect(admin.getByLabel('Filter by payment method')).toHaveValue('card');
  await expect(table.getByText(`#${number(cardOrder)}`)).toBeVisible();
  await expect(table.getByText(`#${number(cashOrder)}`)).toHaveCount(0);
  await admin.screenshot({ path: testInfo.outputPath('orders-filtered-1366.png') });

  // Nothing matches: said so, with a hint.
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill('no-customer-by-this-name');
  await expect(admin.getByText('No orders found')).toBeVisible();
  await expect(admin.getByText('Try adjusting your search or filters')).toBeVisible();
  await admin.close();
});

test('on a phone the filters fold away and the orders come first', async ({ browser }, testInfo) => {
  const phone = await adminPage(browser, { width: 390, height: 844 });
  await phone.goto('/admin/orders');
  await expect(phone.getByRole('searchbox', { name: 'Search orders' })).toBeVisible();
  await expect(phone.getByLabel('Filter by payment method')).toBeHidden();
  await phone.getByRole('button', { name: 'Filters' }).click();
  await phone.getByLabel('Filter by payment method').selectOption({ label: 'Card' });
  await expect(phone).toHaveURL(/paymentMethod=card/);
  await phone.screenshot({ path: testInfo.outputPath('orders-filters-390.png'), fullPage: true });
  // Reopened with a filter on, the button says so.
  await phone.reload();
  await expect(phone.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await phone.close();
});
