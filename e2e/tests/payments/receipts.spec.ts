/**
 * Receipts in the browser: the customer downloads the PDF of a paid order from its page; the outlet
 * opens it to print from the order's detail. Screenshots go to E2E_SHOTS_DIR when it is set.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demo, signInByApi } from '../../support/session';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** An MTN order of the demo customer beside the Bwaise Factory Shop (the demo employee's outlet). */
async function placeMtnOrder(request: APIRequestContext): Promise<{ id: string; orderNumber: string }> {
  const { products } = (await (await request.get('/api/products')).json()) as { products: { id: string; stock: number }[] };
  const two = products.filter((p) => p.stock > 5).slice(0, 2);
  const res = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      items: two.map((p, i) => ({ productId: p.id, quantity: i + 1 })),
      contact: { fullName: 'Daniel Mugisha', email: demo.customer, phone: '0772100002' },
      address: {
        street: 'Plot 9, Bwaise Road',
        city: 'Kampala',
        state: 'Central',
        postalCode: '',
        country: 'Uganda',
        formattedAddress: 'Plot 9, Bwaise Road, Kampala, Uganda',
      },
      location: { lat: 0.3563, lng: 32.5581 },
      paymentMethod: 'mtn_money',
      mobileMoneyPhone: '0772100002',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).order;
}

async function payOnSimulator(page: Page, orderId: string) {
  const res = await page.request.post('/api/payments/initiate', { data: { orderId } });
  expect(res.ok(), await res.text()).toBe(true);
  await page.goto((await res.json()).paymentUrl);
  await page.getByLabel('Mobile money PIN').fill('4821');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  // The result screen verifies with the server first, which can take a while on a busy machine.
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 30_000 });
}

test('the customer downloads the receipt of a paid order; an unpaid one has none', async ({ page }) => {
  // Places and pays an order in the browser before the receipt: three times the usual time.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, demo.customer);
  const order = await placeMtnOrder(page.request);

  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order #${order.orderNumber}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Payment pending').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download receipt' })).toHaveCount(0);

  await payOnSimulator(page, order.id);
  await page.goto(`/orders/${order.id}`);
  const link = page.getByRole('link', { name: 'Download receipt' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await link.scrollIntoViewIfNeeded();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/receipt-customer-390.png` });

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`receipt-${order.orderNumber}.pdf`);
  const file = await download.path();
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  if (SHOTS) await download.saveAs(`${SHOTS}/receipt-${order.orderNumber}.pdf`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/receipt-customer-1280.png` });
});

test('the outlet opens the receipt of a paid order to print it', async ({ page, browser }) => {
  test.slow();
  const customer = await browser.newPage();
  await signInByApi(customer, demo.customer);
  const order = await placeMtnOrder(customer.request);
  await payOnSimulator(customer, order.id);
  await customer.close();

  await signInByApi(page, demo.outlet);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    await page.goto(`/outlet/orders/${order.id}`);
    const print = page.getByRole('link', { name: 'Print receipt' });
    await expect(print).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Print Packing Slip' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/receipt-outlet-${width}.png` });
  }
  const print = page.getByRole('link', { name: 'Print receipt' });
  await expect(print).toHaveAttribute('target', '_blank');
  // It opens in a new tab as a PDF shown inline (the browser's viewer prints it), not as a download.
  const [popup] = await Promise.all([page.waitForEvent('popup'), print.click()]);
  const res = await popup.request.get(await print.getAttribute('href').then((h) => h!));
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.headers()['content-disposition']).toBe(`inline; filename="receipt-${order.orderNumber}.pdf"`);
  expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await popup.close();
});
