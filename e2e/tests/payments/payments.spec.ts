/**
 * Paying on the built-in simulator (spec sections 2, 7 and 8): the customer pays an order with MTN
 * Mobile Money (PIN prompt) or by card, and lands on the payment result screen.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demo, signInByApi } from '../../support/session';

const DECLINE_PIN = '0000';

/**
 * An order of the signed-in customer through the checkout API (POST /api/orders), with the first
 * product the catalog lists. Null while the checkout or catalog API is not there yet.
 */
async function placeOrder(request: APIRequestContext, paymentMethod: 'mtn_money' | 'card'): Promise<string | null> {
  const list = await request.get('/api/products');
  if (!list.ok()) return null;
  const body = await list.json();
  const products: { id: string; stock?: number }[] = Array.isArray(body) ? body : (body.products ?? body.items ?? []);
  const product = products.find((p) => (p.stock ?? 1) > 5);
  if (!product) return null;
  const res = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      contact: { fullName: 'Daniel Mugisha', email: demo.customer, phone: '0772100002' },
      address: {
        street: 'Plot 4, Kampala Road',
        city: 'Kampala',
        state: 'Central',
        postalCode: '',
        country: 'Uganda',
        formattedAddress: 'Plot 4, Kampala Road, Kampala, Uganda',
      },
      location: { lat: 0.3136, lng: 32.5811 },
      paymentMethod,
      ...(paymentMethod === 'mtn_money' ? { mobileMoneyPhone: '0772100002' } : {}),
    },
  });
  if (res.status() === 404) return null;
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).order.id as string;
}

async function startPayment(page: Page, orderId: string) {
  const res = await page.request.post('/api/payments/initiate', { data: { orderId } });
  expect(res.ok(), await res.text()).toBe(true);
  const { paymentUrl, orderTrackingId } = await res.json();
  await page.goto(paymentUrl);
  return orderTrackingId as string;
}

test.describe('paying on the simulator', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('MTN Mobile Money: the PIN is confirmed and the order is paid', async ({ page }) => {
    await signInByApi(page, demo.customer);
    const orderId = await placeOrder(page.request, 'mtn_money');
    expect(orderId, 'an order was placed through POST /api/orders').toBeTruthy();

    const trackingId = await startPayment(page, orderId!);
    await expect(page.getByRole('heading', { name: 'Secure payment' })).toBeVisible();
    await expect(page.getByText('MTN Mobile Money').first()).toBeVisible();
    await expect(page.getByText('0772 100 002')).toBeVisible();
    await page.getByLabel('Mobile money PIN').fill('4821');
    await page.getByRole('button', { name: 'Confirm payment' }).click();

    await expect(page).toHaveURL(/\/orders\/confirm\?OrderTrackingId=.+&OrderMerchantReference=.+/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText('Payment completed successfully.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    await expect(page.getByRole('link', { name: 'View Order Details' })).toHaveAttribute('href', `/orders/${orderId}`);

    // The server holds the order as paid: verifying again says COMPLETED, and paying again is refused.
    const verify = await page.request.post('/api/payments/verify', { data: { orderTrackingId: trackingId } });
    expect((await verify.json()).payment_status).toBe('COMPLETED');
    const again = await page.request.post('/api/payments/initiate', { data: { orderId } });
    expect(again.status()).toBe(409);
  });

  test('a declined card shows Payment Failed and the order stays unpaid', async ({ page }) => {
    await signInByApi(page, demo.customer);
    const orderId = await placeOrder(page.request, 'card');
    expect(orderId, 'an order was placed through POST /api/orders').toBeTruthy();

    await startPayment(page, orderId!);
    await page.getByRole('button', { name: 'Decline payment' }).click();

    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment unsuccessful: Unable to Authorize Transaction' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Cart' })).toHaveAttribute('href', '/cart');
    await expect(page.getByRole('link', { name: /Contact Support/ })).toHaveAttribute('href', /^tel:\+256/);

    // Still unpaid: the customer tries again from the result screen, and this time the bank approves.
    await page.getByRole('button', { name: 'Try Payment Again' }).click();
    await expect(page.getByRole('heading', { name: 'Secure payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  });

  test('the mobile-money decline PIN fails the payment', async ({ page }) => {
    await signInByApi(page, demo.customer);
    const orderId = await placeOrder(page.request, 'mtn_money');
    expect(orderId, 'an order was placed through POST /api/orders').toBeTruthy();

    await startPayment(page, orderId!);
    await page.getByLabel('Mobile money PIN').fill(DECLINE_PIN);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByText('Payment unsuccessful: Wrong PIN entered. The payment was declined').first()).toBeVisible();
  });
});

test.describe('the payment result screen', () => {
  test('without both references it says Invalid payment reference', async ({ page }) => {
    await page.goto('/orders/confirm?OrderTrackingId=abc');
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid payment reference' })).toBeVisible();
  });

  test('a reference that is not the customer’s cannot be verified', async ({ page }) => {
    await signInByApi(page, demo.customer);
    await page.goto(`/orders/confirm?OrderTrackingId=${crypto.randomUUID()}&OrderMerchantReference=ABCD1234-X`);
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to verify payment' })).toBeVisible();
  });

  test('a visitor is asked to sign in', async ({ page }) => {
    await page.goto(`/orders/confirm?OrderTrackingId=${crypto.randomUUID()}&OrderMerchantReference=ABCD1234-X`);
    await expect(page.getByRole('heading', { name: 'Sign in to check your payment' })).toBeVisible();
  });
});
