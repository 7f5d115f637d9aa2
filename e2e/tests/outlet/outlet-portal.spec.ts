/**
 * The outlet portal in a real browser (items 1-4): the demo outlet employee (a manager at
 * the first demo outlet) walks the portal; and, live, sees a new order arrive without a reload.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { demo, signInByApi } from '../../support/session';

test('the outlet portal: dashboard, orders, staff, settings, unknown paths and sign out', async ({ page }) => {
  await signInByApi(page, demo.outlet);
  await page.goto('/outlet');
  await expect(page.getByText("Today's Orders", { exact: true })).toBeVisible();
  await expect(page.getByText('Requires attention')).toBeVisible();
  await expect(page.getByTestId('today-orders')).toHaveText(/^\d+$/);
  await expect(page.getByRole('heading', { name: 'Revenue Trend' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue for the last 7 days/ })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Outlet portal' }).first();
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/outlet\/orders$/);
  await page.getByRole('searchbox', { name: 'Search orders' }).fill('no-such-customer');
  await expect(page.getByText('No matching orders')).toBeVisible();

  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByText('outlet@shop.test')).toBeVisible();
  await expect(page.getByText('(you)')).toBeVisible();

  await nav.getByRole('link', { name: 'Settings' }).click();
  const hours = page.getByLabel('Opening hours');
  await hours.fill('Mon-Sun: 7:00 AM - 9:00 PM');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Outlet updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Opening hours')).toHaveValue('Mon-Sun: 7:00 AM - 9:00 PM');

  await page.goto('/outlet/not-a-screen');
  await expect(page).toHaveURL(/\/outlet$/);

  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/outlet');
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown order id shows Order not found', async ({ page }) => {
  await signInByApi(page, demo.outlet);
  await page.goto('/outlet/orders/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Order not found')).toBeVisible();
});

/** A product in stock, from the public catalog. */
async function anyProductId(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/products');
  expect(res.ok()).toBe(true);
  const { products } = (await res.json()) as { products: { id: string; stock: number }[] };
  const product = products.find((p) => p.stock > 5);
  if (!product) throw new Error('no product in stock');
  return product.id;
}

test("a new order for the outlet shows the toast and raises Today's Orders without a reload", async ({ page, browser }) => {
  await signInByApi(page, demo.outlet);
  await page.goto('/outlet');
  const todayOrders = page.getByTestId('today-orders');
  await expect(todayOrders).toHaveText(/^\d+$/);
  const before = Number(await todayOrders.textContent());

  const customer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const req = customer.request;
    const signIn = await req.post('/api/auth/sign-in', { data: { email: demo.customer, password: 'password123' } });
    expect(signIn.ok()).toBe(true);
    const productId = await anyProductId(req);
    // Delivery beside the demo outlet (Bwaise Factory Shop), so it is the nearest active outlet.
    const placed = await req.post('/api/orders', {
      headers: { 'Idempotency-Key': `outlet-live-${Date.now()}` },
      data: {
        items: [{ productId, quantity: 1 }],
        contact: { fullName: 'Daniel Mugisha', email: demo.customer, phone: '0772100002' },
        address: {
          street: 'Bwaise Road',
          city: 'Kampala',
          state: 'Central',
          postalCode: '00256',
          country: 'Uganda',
          formattedAddress: 'Bwaise Road, Kampala, Uganda',
        },
        location: { lat: 0.3565, lng: 32.5583 },
        paymentMethod: 'cash_on_delivery',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
  } finally {
    await customer.close();
  }

  await expect(page.getByText('New order received!')).toBeVisible();
  await expect(todayOrders).toHaveText(String(before + 1));
});
