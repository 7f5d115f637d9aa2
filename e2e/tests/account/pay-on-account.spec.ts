/**
 * Pay on account in the browser: staff give an approved business terms and a credit limit in
 * Admin > Trade accounts, its owner checks out On account (nothing to pay), the order is delivered
 * (assign, pickup and delivery through the real rider API), and the invoice appears on the business
 * page with its PDF; staff see it in Receivables and send a reminder (once a day), record a payment,
 * and both statements show it. Screenshots at 360 and
 * 1280 px go to test-results/pay-on-account.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { demoProducts } from '../../support/cart';
import { signedInRequest } from '../../support/orders';
import { appTookOver, demo, signInByApi, uniqueAccount } from '../../support/session';
import { adminPage } from '../admin/admin-session';

const SHOTS = 'test-results/pay-on-account';
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function shots(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('a business with terms orders on account, is invoiced on delivery, and pays', async ({ browser, baseURL }) => {
  test.slow();
  const owner = uniqueAccount();
  const business = `Kabalagala Grill ${Date.now().toString(36)}`;
  const ownerCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ownerCtx.newPage();
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { fullName: 'Sarah Nakato', phone: owner.phone, email: owner.email, password: 'secret-pass1' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await signInByApi(page, owner.email, 'secret-pass1');
  const applied = await page.request.post('/api/account/trade/apply', {
    data: {
      businessName: business,
      tin: '1002003004',
      address: 'Ggaba Road, Kabalagala, Kampala',
      lat: 0.2965,
      lng: 32.5925,
      contactName: 'Sarah Nakato',
      contactPhone: owner.phone,
      weeklyVolume: '2m_10m',
    },
  });
  expect(applied.status()).toBe(201);
  const accountId = ((await applied.json()) as { account: { id: string } }).account.id;
  const admin = await signedInRequest(baseURL!, demo.admin);
  expect((await admin.post(`/api/admin/trade/accounts/${accountId}/approve`, { data: { tierId: 'restaurant' } })).ok()).toBe(true);

  // Staff give it terms in the account's dialog.
  const adminTab = await adminPage(browser, { width: 1280, height: 900 });
  await adminTab.goto('/admin/trade');
  await adminTab.getByLabel('Show').selectOption({ label: 'Approved' });
  await adminTab.getByRole('row').filter({ hasText: business }).getByRole('button', { name: 'Open' }).click();
  const dialog = adminTab.getByRole('dialog');
  await expect(dialog.getByText('No terms: the business pays for each order at checkout.')).toBeVisible();
  await dialog.getByLabel('Terms').selectOption({ label: 'Net 14 days' });
  await dialog.getByLabel('Credit limit (UGX)').fill('1,000,000');
  await dialog.getByRole('button', { name: 'Save terms' }).click();
  await expect(toast(adminTab, 'Terms saved')).toBeVisible();
  await expect(dialog.getByText('Net 14 days, credit limit UGX 1,000,000.')).toBeVisible();

  // The owner checks out On account.
  const [product] = await demoProducts(page);
  if (!product) throw new Error('need a demo product in stock');
  await page.goto('/products');
  await appTookOver(page);
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await page.goto('/checkout');
  await page.getByLabel('Search for a place').fill('Ntinda');
  await page.getByRole('button', { name: /^Ntinda, Kampala, Uganda$/ }).click();
  const onAccount = page.getByRole('radio', { name: /On account/ });
  await expect(page.getByText(`${business}: invoiced on delivery, net 14 days`)).toBeVisible();
  await onAccount.check({ force: true });
  await expect(onAccount).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/checkout-on-account-1280.png`, fullPage: true });
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop() ?? '';

  // Delivered through the rider's API: the rider collects nothing.
  const rider = await signedInRequest(baseURL!, demo.rider);
  const session = (await (await rider.get('/api/auth/session')).json()) as { rider: { id: string } };
  await rider.put('/api/rider/status', { data: { status: 'online' } });
  expect((await admin.post(`/api/admin/orders/${orderId}/assign`, { data: { riderId: session.rider.id } })).ok()).toBe(true);
  const riderView = (await (await rider.get(`/api/rider/orders/${orderId}`)).json()) as {
    order: { cashToCollect: number; paymentStatus: string };
  };
  expect(riderView.order).toMatchObject({ paymentStatus: 'on_account', cashToCollect: 0 });
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

  // The invoice is on the business page, with its PDF.
  await page.goto('/account/trade');
  await appTookOver(page);
  const invoices = page.getByTestId('trade-invoices');
  await expect(invoices).toContainText(/INV-\d{4}-\d{6}/);
  await expect(invoices).toContainText('Due');
  const number = (await invoices.locator('li').first().locator('p').first().textContent()) ?? '';
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download ${number} (PDF)` }).click();
  expect((await download).suggestedFilename()).toBe(`${number}.pdf`);
  await expect(page.getByTestId('trade-statement')).toContainText(`Invoice ${number}`);
  await shots(page, 'business-invoices');

  // Receivables: the business owes the invoice, not yet due; a reminder goes once a day.
  await adminTab.keyboard.press('Escape');
  await adminTab.getByRole('link', { name: 'Receivables' }).click();
  const receivable = adminTab.getByTestId('receivables').getByRole('row').filter({ hasText: business });
  await expect(receivable).toContainText('1 unpaid invoice');
  await receivable.getByRole('button', { name: 'Send reminder' }).click();
  await expect(toast(adminTab, `Reminder queued for ${business} (${number})`)).toBeVisible();
  await expect(receivable).toContainText('reminded');
  await shots(adminTab, 'admin-receivables');
  await receivable.getByRole('button', { name: 'Send reminder' }).click();
  await expect(toast(adminTab, 'already sent today')).toBeVisible();

  // Staff record a payment; the business's statement shows it and a zero balance.
  await adminTab.setViewportSize({ width: 1280, height: 900 });
  await adminTab.goto('/admin/trade');
  await adminTab.getByLabel('Show').selectOption({ label: 'Approved' });
  await adminTab.getByRole('row').filter({ hasText: business }).getByRole('button', { name: 'Open' }).click();
  const d2 = adminTab.getByRole('dialog');
  await expect(d2.getByTestId('trade-invoices')).toContainText(number);
  const owed = (await (await admin.get(`/api/admin/trade/accounts/${accountId}/invoices`)).json()) as { owed: number };
  await d2.getByLabel('Paid by').selectOption({ label: 'Mobile money' });
  await d2.getByLabel('Reference').fill('MP261126.1432');
  await d2.getByLabel('Amount (UGX)').fill(String(owed.owed));
  await shots(adminTab, 'admin-ledger');
  await adminTab.setViewportSize({ width: 1280, height: 900 });
  await d2.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(adminTab, 'Payment recorded')).toBeVisible();
  await expect(d2.getByTestId('trade-statement')).toContainText('Mobile money MP261126.1432');
  await page.reload();
  await expect(page.getByTestId('trade-invoices')).toContainText('Paid');
  await expect(page.getByTestId('trade-statement')).toContainText('Mobile money MP261126.1432');
  await shots(page, 'business-statement');

  // The VAT rate the invoices print sits in Settings.
  await adminTab.keyboard.press('Escape');
  await adminTab.goto('/admin/settings');
  await expect(adminTab.getByLabel('VAT rate (%)')).toHaveValue('18');
  await adminTab.getByRole('heading', { name: 'VAT on trade invoices' }).scrollIntoViewIfNeeded();
  for (const width of [360, 1280]) {
    await adminTab.setViewportSize({ width, height: 900 });
    await adminTab.getByRole('heading', { name: 'VAT on trade invoices' }).scrollIntoViewIfNeeded();
    await adminTab.screenshot({ path: `${SHOTS}/admin-vat-${width}.png` });
  }
  await adminTab.context().close();
  await ownerCtx.close();
});
