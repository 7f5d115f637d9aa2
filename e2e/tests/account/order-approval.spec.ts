/**
 * Orders awaiting approval in the browser: a trade buyer with a small buying limit checks out
 * (cash on delivery), and the order is placed but held: their order page says "Awaiting approval".
 * The business's owner sees it on the business page under "Waiting for your approval", approves it,
 * and the buyer's order then reads Pending like any order just placed. Screenshots at 360 and
 * 1280 px go to test-results/order-approval.
 */
import { expect, type Page, test } from '@playwright/test';
import { demoProducts } from '../../support/cart';
import { signedInRequest } from '../../support/orders';
import { appTookOver, demo, signInByApi, uniqueAccount } from '../../support/session';

const SHOTS = 'test-results/order-approval';
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function shots(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a buyer’s order over their limit waits for the owner, who approves it', async ({ browser, baseURL }) => {
  test.slow();
  const owner = uniqueAccount();
  const buyer = uniqueAccount();
  const business = `Bukoto Bistro ${Date.now().toString(36)}`;
  const admin = await signedInRequest(baseURL!, demo.admin);

  // The owner's business, approved by staff; the buyer invited with a UGX 1,000 limit and joined.
  const ownerCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ownerPage = await ownerCtx.newPage();
  for (const [page, who, name] of [
    [ownerPage, owner, 'Ruth Nansubuga'],
    [null, buyer, 'Paul Ssali'],
  ] as const) {
    const req = page?.request ?? (await browser.newContext()).request;
    const res = await req.post(`${baseURL}/api/auth/sign-up`, {
      data: { fullName: name, phone: who.phone, email: who.email, password: 'secret-pass1' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await signInByApi(ownerPage, owner.email, 'secret-pass1');
  const applied = await ownerPage.request.post('/api/account/trade/apply', {
    data: {
      businessName: business,
      tin: '1002003005',
      address: 'Kira Road, Bukoto, Kampala',
      lat: 0.3505,
      lng: 32.5945,
      contactName: 'Ruth Nansubuga',
      contactPhone: owner.phone,
      weeklyVolume: '500k_2m',
    },
  });
  expect(applied.status()).toBe(201);
  const accountId = ((await applied.json()) as { account: { id: string } }).account.id;
  expect((await admin.post(`/api/admin/trade/accounts/${accountId}/approve`, { data: { tierId: 'restaurant' } })).ok()).toBe(true);
  const invited = await ownerPage.request.post('/api/account/trade/invitations', {
    data: { email: buyer.email, role: 'buyer', approvalLimit: 1_000 },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  let token = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await admin.get('/api/admin/messages?channel=email')).json()) as {
        messages: { recipient: string; event: string; body: string }[];
      };
      const mail = messages.find((m) => m.recipient === buyer.email && m.event === 'trade_invitation');
      token = decodeURIComponent(/join\?token=([\w%-]+)/.exec(mail?.body ?? '')?.[1] ?? '');
      return token;
    })
    .not.toBe('');
  const buyerCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const buyerPage = await buyerCtx.newPage();
  await signInByApi(buyerPage, buyer.email, 'secret-pass1');
  expect((await buyerPage.request.post(`/api/account/trade/join/${encodeURIComponent(token)}`, { data: {} })).ok()).toBe(true);

  // The buyer checks out over their limit: the order is placed, held for approval.
  const [product] = await demoProducts(buyerPage);
  if (!product) throw new Error('need a demo product in stock');
  await buyerPage.goto('/products');
  await appTookOver(buyerPage);
  await buyerPage.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await expect(buyerPage.getByText('Added to cart').first()).toBeVisible();
  await buyerPage.goto('/checkout');
  await buyerPage.getByLabel('Search for a place').fill('Ntinda');
  await buyerPage.getByRole('button', { name: /^Ntinda, Kampala, Uganda$/ }).click();
  await expect(buyerPage.getByRole('radio', { name: /Cash on Delivery/ })).toBeChecked();
  await buyerPage.getByRole('button', { name: /Place Order/ }).click();
  await expect(toast(buyerPage, 'It is waiting for your business’s approval.')).toBeVisible();
  await expect(buyerPage).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = buyerPage.url().split('/').pop() ?? '';
  const number = orderId.slice(0, 8).toUpperCase();
  await expect(buyerPage.getByText('Awaiting approval', { exact: true })).toBeVisible();
  await expect(buyerPage.getByText("Waiting for your business's approval")).toBeVisible();
  await shots(buyerPage, 'held-order');

  // The owner sees it waiting on the business page and approves it.
  await ownerPage.goto('/account/trade');
  await appTookOver(ownerPage);
  const held = ownerPage.getByTestId(`held-${number}`);
  await expect(held).toContainText('Paul Ssali');
  await expect(held).toContainText('Awaiting approval');
  await shots(ownerPage, 'approver-view');
  await held.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(ownerPage, `Order #${number} approved`)).toBeVisible();
  await expect(ownerPage.getByTestId('held-orders')).toHaveCount(0);
  const row = ownerPage
    .getByTestId('trade-orders')
    .locator('li')
    .filter({ hasText: `#${number}` });
  await expect(row).toContainText('Approved by Ruth Nansubuga');
  await expect(row).toContainText('Pending');
  await shots(ownerPage, 'approved');

  // The buyer's order now reads as an order just placed.
  await buyerPage.reload();
  await expect(buyerPage.getByText('Pending', { exact: true })).toBeVisible();
  await expect(buyerPage.getByText('Awaiting approval', { exact: true })).toHaveCount(0);
  await expect(buyerPage.getByText("Waiting for your business's approval")).toHaveCount(0);
});
