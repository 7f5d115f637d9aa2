/**
 * Live tracking and dispatch in the browser: the demo customer watches the rider's marker move on the
 * order page while the rider app (simulated geolocation) sends its position, and the admin assigns
 * the suggested rider from the assign-rider modal.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, request, test } from '@playwright/test';
import { adminPage } from '../admin/admin-session';
import { placeDemoOrder, signedInRequest } from '../../support/orders';
import { demo, signInByApi, uniqueAccount } from '../../support/session';

const DOOR = { lat: 0.3341, lng: 32.5925 };
const FIRST = { latitude: 0.3502, longitude: 32.5711 };
const SECOND = { latitude: 0.3421, longitude: 32.5833 };
const RIDER_PASSWORD = 'secret123';

test('the customer watches the rider’s marker move on the order page', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const customer = await signedInRequest(baseURL!, demo.customer);
  const admin = await signedInRequest(baseURL!, demo.admin);
  // A rider of its own: a delivery this test leaves open (a failure half-way) keeps no other test's rider busy.
  const { ctx: riderApi, email: riderEmail } = await onlineRider(baseURL!, 'Tracking Rider', DOOR);
  const orderId = await placeDemoOrder(customer);
  try {
    const riderId = ((await (await riderApi.get('/api/auth/session')).json()) as { rider: { id: string } }).rider.id;
    expect((await admin.post(`/api/admin/orders/${orderId}/assign`, { data: { riderId } })).ok()).toBe(true);
    expect((await riderApi.post(`/api/rider/orders/${orderId}/pickup`, { data: {} })).ok()).toBe(true);

    // The rider's phone: the rider app with location allowed, standing at FIRST.
    const riderCtx = await browser.newContext({
      viewport: { width: 390, height: 844 },
      permissions: ['geolocation'],
      geolocation: FIRST,
    });
    const riderPage = await riderCtx.newPage();
    await signInByApi(riderPage, riderEmail, RIDER_PASSWORD);
    await riderPage.goto('/rider');
    await expect(riderPage.getByText(`#${orderId.slice(-6).toUpperCase()}`).first()).toBeVisible();

    // The customer's order page shows the rider there, with a distance and an arrival time.
    const customerCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await customerCtx.newPage();
    await signInByApi(page, demo.customer);
    await page.goto(`/orders/${orderId}`);
    const card = page.getByTestId('order-tracking');
    await expect(card.getByRole('heading', { name: 'Your rider is on the way' })).toBeVisible();
    const marker = page.getByTestId('rider-marker');
    await expect(marker).toHaveAttribute('data-lat', String(FIRST.latitude), { timeout: 30_000 });
    await expect(marker).toHaveAttribute('data-lng', String(FIRST.longitude));
    const firstDistance = await page.getByTestId('rider-distance').textContent();
    await expect(page.getByTestId('rider-eta')).toHaveText(/about \d+ min/);
    await expect(page.getByTestId('destination-marker')).toHaveAttribute('data-lat', String(DOOR.lat));

    // The rider rides on: the marker moves without a reload, and the distance shrinks.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await riderCtx.setGeolocation(SECOND);
    await expect(marker).toHaveAttribute('data-lat', String(SECOND.latitude), { timeout: 40_000 });
    await expect(marker).toHaveAttribute('data-lng', String(SECOND.longitude));
    await expect(page.getByTestId('rider-distance')).not.toHaveText(firstDistance ?? '');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Another customer cannot read where this rider is.
    const { email, phone } = uniqueAccount();
    const stranger = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const signUp = await stranger.post('/api/auth/sign-up', {
      data: { email, password: 'secret123', fullName: 'Curious Neighbour', phone },
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    expect((await stranger.get(`/api/tracking/orders/${orderId}`)).status()).toBe(404);

    await Promise.all([stranger.dispose(), riderCtx.close(), customerCtx.close()]);
  } finally {
    // Whatever happened above, the order goes back to the queue and this rider leaves: the next test
    // ranks the riders who are online.
    await riderApi.post(`/api/rider/orders/${orderId}/cancel`, { data: { reason: 'Browser test finished' } });
    await riderApi.put('/api/rider/status', { data: { status: 'offline' } });
    await Promise.all([customer.dispose(), admin.dispose(), riderApi.dispose()]);
  }
});

/** A new rider through the real sign-up, approved by the admin (new riders start pending), online at the given point. */
async function onlineRider(baseURL: string, fullName: string, at: { lat: number; lng: number }) {
  const { email, phone } = uniqueAccount();
  const password = RIDER_PASSWORD;
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signUp = await ctx.post('/api/rider/sign-up', {
    data: { fullName, phone, vehicleType: 'motorcycle', email, password },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const admin = await signedInRequest(baseURL, demo.admin);
  const riders = (await (await admin.get('/api/admin/riders')).json()) as { id: string; email: string }[];
  const me = riders.find((r) => r.email === email)!;
  expect((await admin.post(`/api/admin/riders/${me.id}/approve`, { data: {} })).ok()).toBe(true);
  await admin.dispose();
  expect((await ctx.put('/api/rider/status', { data: { status: 'online' } })).ok()).toBe(true);
  expect((await ctx.put('/api/rider/location', { data: at })).ok()).toBe(true);
  return { ctx, email };
}

test('the admin assigns the suggested rider from the modal', async ({ browser, baseURL }) => {
  const customer = await signedInRequest(baseURL!, demo.customer);
  // The demo rider steps out (other tests may have left them online somewhere); two riders come online:
  // one by the customer's area, one far out of town.
  const demoRider = await signedInRequest(baseURL!, demo.rider);
  await demoRider.put('/api/rider/status', { data: { status: 'offline' } });
  const { ctx: near } = await onlineRider(baseURL!, 'Nearby Rider', { lat: DOOR.lat + 0.001, lng: DOOR.lng });
  const { ctx: far } = await onlineRider(baseURL!, 'Faraway Rider', { lat: 0.75, lng: 33.1 });
  const nearId = ((await (await near.get('/api/auth/session')).json()) as { rider: { id: string } }).rider.id;
  const orderId = await placeDemoOrder(customer);

  const admin = await adminPage(browser);
  await admin.goto('/admin/orders');
  const row = admin.getByRole('row', { name: new RegExp(orderId.slice(0, 8), 'i') });
  await row.getByRole('button', { name: 'Assign Rider' }).click();
  const dialog = admin.getByRole('dialog');
  const suggested = dialog.locator('[data-testid="rider-option"][data-suggested="true"]');
  await expect(suggested).toHaveCount(1);
  await expect(suggested).toContainText('Nearby Rider');
  await expect(suggested).toContainText('Suggested');
  await expect(suggested).toContainText('km from outlet');
  await expect(suggested.getByRole('radio')).toBeChecked();
  await expect(dialog.getByTestId('rider-option').first()).toContainText('Nearby Rider');
  await expect(dialog.getByTestId('rider-option').filter({ hasText: 'Faraway Rider' })).not.toContainText('Suggested');
  await dialog.getByRole('button', { name: 'Assign Rider' }).click();
  await expect(admin.getByText('Rider assigned successfully')).toBeVisible();

  const order = (await (await customer.get(`/api/orders/${orderId}`)).json()) as { order: { status: string } };
  expect(order.order.status).toBe('assigned');
  const nearOrders = (await (await near.get('/api/rider/orders')).json()) as { orders: { id: string }[] };
  expect(nearOrders.orders.map((o) => o.id)).toContain(orderId);
  expect(nearId).toBeTruthy();

  // The dispatch map shows the riders online and the order.
  await admin.goto('/admin/delivery/dispatch');
  await expect(admin.getByText('Dispatch map')).toBeVisible();
  await expect(admin.getByText('Faraway Rider')).toBeVisible();
  await expect(admin.getByTestId('dispatch-rider-marker').first()).toBeVisible();
  await expect(admin.getByTestId('dispatch-order').filter({ hasText: orderId.slice(0, 8).toUpperCase() })).toBeVisible();
  // Both leave: the next tests start with the demo rider alone.
  for (const ctx of [near, far]) await ctx.put('/api/rider/status', { data: { status: 'offline' } });
  await Promise.all([customer.dispose(), demoRider.dispose(), near.dispose(), far.dispose()]);
});

test('the dispatch map has no serious or critical accessibility violations', async ({ browser }) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    const page = await adminPage(browser, viewport);
    await page.goto('/admin/delivery/dispatch');
    await expect(page.getByText('Riders online').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.context().close();
  }
});
