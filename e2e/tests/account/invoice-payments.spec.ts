/**
 * Paying an invoice online and credit notes in the browser: a business with terms has a delivered
 * on-account order and its invoice (set up through the API); staff issue a credit note against it in
 * the account's dialog; the owner sees the credit note on the statement, presses Pay now, pays what is
 * left on the payment simulator and comes back to the invoice paid; staff taking a phone order for
 * the owner are offered On account with the business and its credit. Screenshots at 360 and 1280 px
 * go to test-results/invoice-payments.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signedInRequest } from '../../support/orders';
import { appTookOver, demo, signInByApi, uniqueAccount } from '../../support/session';
import { adminPage } from '../admin/admin-session';

const SHOTS = 'test-results/invoice-payments';
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function shots(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** An on-account order of one product by the signed-in owner, delivered by the demo rider. */
async function deliverOnAccount(
  owner: APIRequestContext,
  admin: APIRequestContext,
  rider: APIRequestContext,
  who: { email: string; phone: string },
) {
  const { products } = (await (await owner.get('/api/products')).json()) as { products: { id: string; stock: number }[] };
  const product = products.find((p) => p.stock > 3)!;
  const placed = await owner.post('/api/orders', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      items: [{ productId: product.id, quantity: 2 }],
      contact: { fullName: 'Grace Namutebi', email: who.email, phone: who.phone },
      address: { street: 'Plot 9 Acacia Avenue', city: 'Kampala', country: 'Uganda', formattedAddress: 'Plot 9 Acacia Avenue, Kololo' },
      location: { lat: 0.3363, lng: 32.5962 },
      paymentMethod: 'on_account',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order: { id: string } }).order.id;
  const session = (await (await rider.get('/api/auth/session')).json()) as { rider: { id: string } };
  await rider.put('/api/rider/status', { data: { status: 'online' } });
  expect((await admin.post(`/api/admin/orders/${orderId}/assign`, { data: { riderId: session.rider.id } })).ok()).toBe(true);
  expect((await rider.post(`/api/rider/orders/${orderId}/pickup`, { data: {} })).ok()).toBe(true);
  const delivered = await rider.post(`/api/rider/orders/${orderId}/deliver`, {
    multipart: {
      photo: {
        name: 'door.jpg',
        mimeType: 'image/jpeg',
        buffer: readFileSync(new URL('../../fixtures/delivery-photo.jpg', import.meta.url)),
      },
    },
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
}

test('staff credit an invoice, the owner pays the rest online, and staff may take an order on account', async ({ browser, baseURL }) => {
  test.slow();
  const owner = uniqueAccount();
  const business = `Kololo Grill ${Date.now().toString(36)}`;
  const ownerCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ownerCtx.newPage();
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { fullName: 'Grace Namutebi', phone: owner.phone, email: owner.email, password: 'secret-pass1' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await signInByApi(page, owner.email, 'secret-pass1');
  const applied = await page.request.post('/api/account/trade/apply', {
    data: {
      businessName: business,
      tin: '1002003999',
      address: 'Plot 9 Acacia Avenue, Kololo, Kampala',
      lat: 0.3363,
      lng: 32.5962,
      contactName: 'Grace Namutebi',
      contactPhone: owner.phone,
      weeklyVolume: '2m_10m',
    },
  });
  expect(applied.status()).toBe(201);
  const accountId = ((await applied.json()) as { account: { id: string } }).account.id;
  const admin = await signedInRequest(baseURL!, demo.admin);
  expect((await admin.post(`/api/admin/trade/accounts/${accountId}/approve`, { data: { tierId: 'restaurant' } })).ok()).toBe(true);
  expect((await admin.put(`/api/admin/trade/accounts/${accountId}/credit`, { data: { termsDays: 14, creditLimit: 1_000_000 } })).ok()).toBe(
    true,
  );
  const rider = await signedInRequest(baseURL!, demo.rider);
  await deliverOnAccount(page.request, admin, rider, owner);
  const { invoices } = (await (await admin.get(`/api/admin/trade/accounts/${accountId}/invoices`)).json()) as {
    invoices: { number: string; total: number }[];
  };
  const invoice = invoices[0]!;

  // Staff issue a credit note in the account's dialog: a bad amount is refused on its field first.
  const adminTab = await adminPage(browser, { width: 1280, height: 900 });
  await adminTab.goto('/admin/trade');
  await adminTab.getByLabel('Show').selectOption({ label: 'Approved' });
  await adminTab.getByRole('row').filter({ hasText: business }).getByRole('button', { name: 'Open' }).click();
  const dialog = adminTab.getByRole('dialog');
  await expect(dialog.getByTestId('trade-invoices')).toContainText(invoice.number);
  await dialog.getByLabel('Credit (UGX)').fill(String(invoice.total + 1));
  await dialog.getByLabel('Reason (printed on the credit note)').fill('Two portions returned: short weight');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(
    dialog.getByText(`${invoice.number} has UGX ${invoice.total.toLocaleString('en-US')} left that can be credited`).first(),
  ).toBeVisible();
  await dialog.getByLabel('Credit (UGX)').fill('5,000');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(toast(adminTab, 'Credit note CN-')).toBeVisible();
  await expect(dialog.getByTestId('trade-credit-notes')).toContainText('Two portions returned: short weight');
  await expect(dialog.getByTestId('trade-statement')).toContainText('Credit note CN-');

  // The owner sees the credit note on the statement, and what is left to pay.
  await page.goto('/account/trade');
  await appTookOver(page);
  await expect(page.getByTestId('trade-credit-notes')).toContainText(invoice.number);
  const statement = page.getByTestId('trade-statement');
  await expect(statement.locator('tr[data-kind="credit_note"]')).toContainText('– UGX 5,000');
  await expect(page.getByTestId('statement-balance')).toHaveText(`UGX ${(invoice.total - 5_000).toLocaleString('en-US')}`);
  await shots(page, 'statement-credit-note');

  // Pay now: the simulator asks for what is left, not the invoice's total.
  const left = invoice.total - 5_000;
  await page.getByRole('button', { name: `Pay ${invoice.number} now (UGX ${left.toLocaleString('en-US')})` }).click();
  await expect(page).toHaveURL(/\/pay\/simulator\//);
  await expect(page.getByText(left.toLocaleString('en-US')).first()).toBeVisible();
  await shots(page, 'pay-simulator');
  await page.getByLabel('Mobile money PIN').fill('4821');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page).toHaveURL(/\/account\/trade\?OrderTrackingId=/);
  await expect(page.getByTestId('invoice-payment-outcome')).toContainText(`Thank you: your payment of ${invoice.number} is recorded.`);
  await expect(page.getByTestId('trade-invoices')).toContainText('Paid');
  await expect(statement.locator('tr[data-kind="payment"]')).toContainText('Paid online');
  await expect(page.getByTestId('statement-balance')).toHaveText('UGX 0');
  await expect(page.getByRole('button', { name: /Pay .* now/ })).toHaveCount(0);
  await shots(page, 'paid-online');

  // Staff taking a phone order for the owner are offered On account with the credit left.
  await adminTab.keyboard.press('Escape');
  await adminTab.goto('/admin/orders/new');
  await adminTab.getByLabel('Customer’s phone number').fill(owner.phone);
  await adminTab
    .getByRole('button', { name: /Grace Namutebi/ })
    .first()
    .click();
  await expect(adminTab.getByTestId('chosen-customer')).toContainText('Grace Namutebi');
  const credit = adminTab.getByTestId('on-account-credit');
  await expect(credit).toContainText(business);
  await expect(credit).toContainText('UGX 1,000,000');
  await expect(adminTab.getByText(`${business}: invoiced on delivery, net 14 days`)).toBeVisible();
  await adminTab.getByRole('radio', { name: /On account/ }).check({ force: true });
  await expect(adminTab.getByText('No payment now: the order is invoiced to the business when it is delivered.')).toBeVisible();
  // The back office's sidebar is fixed: a viewport picture of the payment step, not the whole page.
  for (const width of [360, 1280]) {
    await adminTab.setViewportSize({ width, height: 900 });
    await adminTab.getByRole('heading', { name: 'Payment' }).scrollIntoViewIfNeeded();
    await adminTab.getByRole('heading', { name: 'Payment' }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await adminTab.screenshot({ path: `${SHOTS}/new-order-on-account-${width}.png` });
  }
  await adminTab.context().close();
  await ownerCtx.close();
});
