/**
 * Admin > Orders > New order: staff take a phone order for a caller who is not a customer yet, paid
 * with MTN Mobile Money. The customer gets an SMS with a link; opened without signing in, it pays the
 * order on the payment simulator, and the order list shows it as a paid phone order taken by staff.
 */
import { expect, test } from '@playwright/test';
import { uniqueAccount } from '../../support/session';
import { adminPage } from './admin-session';

test('staff take a phone order for a new customer, who pays it through the SMS link', async ({ browser }, testInfo) => {
  const { phone } = uniqueAccount();
  const name = `Sarah Phone ${phone.slice(-4)}`;
  const admin = await adminPage(browser, { width: 1366, height: 900 });
  const { products } = (await (await admin.request.get('/api/products')).json()) as { products: { name: string; stock: number }[] };
  const product = products.find((p) => p.stock > 3)!;

  await admin.goto('/admin/orders');
  await admin.getByRole('link', { name: 'New order' }).click();
  await expect(admin).toHaveURL(/\/admin\/orders\/new$/);

  // Phone first: nobody has this number, so the caller becomes a customer with a name.
  await admin.getByLabel('Customer’s phone number').fill(phone);
  await expect(admin.getByText('No customer has this number yet.')).toBeVisible();
  await admin.getByRole('button', { name: 'New customer' }).click();
  const form = admin.getByRole('form', { name: 'New customer' });
  await form.getByLabel('Full name').fill(name);
  await form.getByRole('button', { name: 'Create customer' }).click();
  await expect(admin.getByTestId('chosen-customer')).toContainText(name);

  await expect(admin.getByRole('radiogroup', { name: 'Channel' }).getByRole('radio', { name: 'Phone' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await admin.getByRole('searchbox', { name: 'Find a product' }).fill(product.name);
  await admin.getByRole('button', { name: `Add ${product.name}` }).click();
  await admin.getByRole('button', { name: `More ${product.name}` }).click();
  await expect(admin.getByTestId('order-line')).toContainText(product.name);

  await admin.getByLabel('Search for a place').fill('Ntinda');
  await admin.getByRole('button', { name: /^Ntinda, Kampala, Uganda$/ }).click();
  await expect(admin.getByTestId('delivery-address')).toContainText('Ntinda, Kampala, Uganda');

  await admin.getByRole('radiogroup', { name: 'Payment method' }).getByText('MTN Mobile Money').click();
  await expect(admin.getByRole('radio', { name: /MTN Mobile Money/ })).toBeChecked();
  // The caller's own number is offered as the one to charge.
  await expect(admin.getByLabel('MTN Mobile Money number')).toHaveValue(/^\+?256|^0/);
  await admin.screenshot({ path: testInfo.outputPath('new-order-1366.png'), fullPage: true });
  await admin.getByRole('button', { name: 'Place order' }).click();

  await expect(admin.getByRole('heading', { name: /^Order #[0-9A-F]{8} placed$/ })).toBeVisible();
  await expect(admin.getByText('Order placed. The customer was sent an SMS with a link to pay.').first()).toBeVisible();
  const payLink = (await admin.getByTestId('pay-link').textContent())!.trim();
  expect(payLink).toMatch(/\/pay\/[A-Za-z0-9_-]{32}$/);
  const orderNumber = (await admin.getByRole('heading', { name: /placed$/ }).textContent())!.match(/#([0-9A-F]{8})/)![1]!;
  await admin.screenshot({ path: testInfo.outputPath('new-order-placed-1366.png'), fullPage: true });

  // The SMS with the link is in the outbox, to the new customer's phone.
  const outbox = (await (await admin.request.get('/api/admin/messages?channel=sms')).json()) as {
    messages: { event: string; body: string; recipient: string; orderNumber: string | null }[];
  };
  const sms = outbox.messages.find((m) => m.event === 'pay_link' && m.orderNumber === orderNumber);
  expect(sms?.body).toContain(new URL(payLink).pathname);
  expect(sms?.recipient).toBe(`+256${phone.slice(1)}`);

  // The customer opens the link on their phone, signed in to nothing, and pays.
  const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await customer.goto(new URL(payLink).pathname);
  await expect(customer.getByRole('heading', { name: 'Hello Sarah' })).toBeVisible();
  await expect(customer.getByText(`${product.name} × 2`)).toBeVisible();
  await customer.screenshot({ path: testInfo.outputPath('pay-link-390.png'), fullPage: true });
  await expect(customer.getByText('Paying with MTN Mobile Money')).toBeVisible();
  await customer.getByRole('button', { name: /^Pay UGX [\d,]+$/ }).click();
  await expect(customer.getByRole('heading', { name: 'Secure payment' })).toBeVisible();
  await customer.getByLabel('Mobile money PIN').fill('4821');
  await customer.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(customer).toHaveURL(/\/pay\/[A-Za-z0-9_-]{32}\?OrderTrackingId=/);
  await expect(customer.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'Paid, thank you' })).toBeVisible();
  await customer.screenshot({ path: testInfo.outputPath('pay-link-paid-390.png'), fullPage: true });

  // Back office: a paid phone order, taken by the admin.
  await admin.goto('/admin/orders?channel=phone');
  const row = admin.getByRole('row').filter({ hasText: `#${orderNumber}` });
  await expect(row.getByTestId('order-channel')).toHaveText('Phone · by Amina Nansubuga');
  await expect(row).toContainText('Paid');
  await admin.screenshot({ path: testInfo.outputPath('orders-phone-1366.png'), fullPage: true });

  // The customer calls back: one pack fewer. The paid order gets cheaper and the difference is refunded.
  await row.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByText('Not changed since it was placed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit items' }).click();
  await dialog.getByRole('button', { name: `Fewer ${product.name}` }).click();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  const change = dialog.getByTestId('order-edit');
  await expect(change).toContainText(`Was: ${product.name} × 2`);
  await expect(change).toContainText(`Now: ${product.name} × 1`);
  await expect(change).toContainText('Refund of');
  await admin.screenshot({ path: testInfo.outputPath('order-edited-1366.png'), fullPage: true });
  await admin.keyboard.press('Escape');

  const narrow = await adminPage(browser, { width: 390, height: 844 });
  await narrow.goto('/admin/orders/new');
  await expect(narrow.getByLabel('Customer’s phone number')).toBeVisible();
  await narrow.screenshot({ path: testInfo.outputPath('new-order-390.png'), fullPage: true });
});
