/**
 * Admin > Customers: staff find a new customer by phone, leave a note, block them with a reason (the
 * customer's next order is refused with a message saying whom to call) and unblock them.
 */
import { expect, request, test } from '@playwright/test';
import { uniqueAccount } from '../../support/session';
import { adminPage } from './admin-session';

test('staff find a customer, leave a note, and block and unblock them', async ({ browser, baseURL }, testInfo) => {
  const account = uniqueAccount();
  const name = `Grace Test ${account.phone.slice(-4)}`;
  const customer = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const signUp = await customer.post('/api/auth/sign-up', {
    data: { email: account.email, password: 'secret123', fullName: name, phone: account.phone },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);

  const admin = await adminPage(browser, { width: 1366, height: 900 });
  await admin.goto('/admin/customers');
  // The phone as people say it, with spaces.
  await admin.getByRole('searchbox', { name: 'Search customers' }).fill(`${account.phone.slice(0, 4)} ${account.phone.slice(4)}`);
  const table = admin.getByRole('table', { name: 'Customers' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByText('Active')).toBeVisible();
  await table.getByRole('link', { name }).click();

  await expect(admin.getByRole('heading', { name })).toBeVisible();
  await expect(admin.getByText('No orders yet')).toBeVisible();
  await admin.getByLabel('New note').fill('Gate code 4411');
  await admin.getByRole('button', { name: 'Add Note' }).click();
  await expect(admin.getByText('Gate code 4411')).toBeVisible();

  await admin.getByRole('button', { name: 'Block', exact: true }).click();
  const form = admin.getByRole('form', { name: 'Block this customer' });
  await form.getByRole('button', { name: 'Block Customer' }).click();
  await expect(form.getByText('Please give a reason')).toBeVisible();
  await form.getByLabel('Reason (staff only)').fill('Refused three deliveries');
  await form.getByRole('button', { name: 'Block Customer' }).click();
  await expect(admin.getByText('Customer blocked')).toBeVisible();
  await expect(admin.getByText('Refused three deliveries')).toBeVisible();
  await admin.screenshot({ path: testInfo.outputPath('customer-1366.png'), fullPage: true });

  // Their next order is refused, and they are told whom to call.
  const { products } = (await (await customer.get('/api/products')).json()) as { products: { id: string; stock: number }[] };
  const refused = await customer.post('/api/orders', {
    data: {
      items: [{ productId: products.find((p) => p.stock > 2)!.id, quantity: 1 }],
      contact: { fullName: name, email: account.email, phone: account.phone },
      address: {
        street: 'Kira Road',
        city: 'Kampala',
        state: '',
        postalCode: '',
        country: 'Uganda',
        formattedAddress: 'Kira Road, Kampala',
      },
      location: { lat: 0.3341, lng: 32.5925 },
      paymentMethod: 'cash_on_delivery',
    },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
    /^Your account cannot place orders at the moment\. Please call us on .+\.$/,
  );

  await admin.getByRole('button', { name: 'Unblock' }).click();
  await expect(admin.getByText('Customer unblocked')).toBeVisible();
  await expect(admin.getByText('Can place orders.')).toBeVisible();

  const phone = await adminPage(browser, { width: 390, height: 844 });
  await phone.goto(admin.url());
  await expect(phone.getByRole('heading', { name })).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('customer-390.png'), fullPage: true });
  await Promise.all([admin.close(), phone.close(), customer.dispose()]);
});
