/**
 * Trade accounts in the browser: a customer applies from My Account > Trade account (the address
 * from the map search), staff approve it in Admin > Trade accounts with a tier, the owner invites a
 * buyer, and the buyer opens the emailed link (read from the admin's outbox), joins, and sees the
 * business; staff give it a price of its own in the price list editor, and the buyer sees it on the
 * product page where a visitor sees retail. Screenshots at 360 and 1280 px go to test-results/trade.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demoProducts, ugx, unitPrice } from '../../support/cart';
import { signedInRequest } from '../../support/orders';
import { appTookOver, demo, signInByApi, uniqueAccount } from '../../support/session';
import { adminPage } from '../admin/admin-session';

const SHOTS = 'test-results/trade';
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const axe = async (page: Page, within?: string) => {
  const builder = new AxeBuilder({ page }).withTags(wcag);
  expect((await (within ? builder.include(within) : builder).analyze()).violations).toEqual([]);
};
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function shots(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function invitationLink(admin: APIRequestContext, email: string) {
  let link = '';
  await expect
    .poll(async () => {
      const res = await admin.get('/api/admin/messages?channel=email');
      const { messages } = (await res.json()) as { messages: { recipient: string; event: string; body: string }[] };
      const mail = messages.find((m) => m.recipient === email && m.event === 'trade_invitation');
      link = /http\S+\/account\/trade\/join\?token=[\w%-]+/.exec(mail?.body ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

test('a business applies, is approved with a tier, and its invited buyer joins', async ({ browser, baseURL }) => {
  test.slow();
  const owner = uniqueAccount();
  const buyer = uniqueAccount();
  const business = `Kabira Grill ${Date.now().toString(36)}`;
  for (const a of [owner, buyer]) {
    const ctx = await browser.newContext();
    const res = await ctx.request.post('/api/auth/sign-up', {
      data: { fullName: a === owner ? 'Sarah Nakato' : 'Peter Okello', phone: a.phone, email: a.email, password: 'secret-pass1' },
    });
    expect(res.status(), await res.text()).toBe(201);
    await ctx.close();
  }

  // The owner applies.
  const ownerCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ownerCtx.newPage();
  await signInByApi(page, owner.email, 'secret-pass1');
  await page.goto('/account');
  await appTookOver(page);
  await page.getByRole('link', { name: /Trade account/ }).click();
  await expect(page.getByRole('heading', { name: 'Open a trade account' })).toBeVisible();
  await expect(page.getByLabel('Contact name')).toHaveValue('Sarah Nakato');
  await page.getByRole('button', { name: 'Apply for a trade account' }).click();
  await expect(page.getByText('Business name is required')).toBeVisible();
  await expect(page.getByText('Choose the business address on the map')).toBeVisible();
  await shots(page, 'apply-errors');

  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('TIN').fill('1002003004');
  await page.getByLabel('Search for a place').fill('Ntinda');
  await page.getByRole('button', { name: /^Ntinda, Kampala, Uganda$/ }).click();
  await expect(page.getByTestId('business-address')).toContainText('Ntinda, Kampala, Uganda');
  await page.getByLabel('Expected weekly volume').selectOption({ label: 'UGX 2,000,000 – 10,000,000' });
  await page.getByRole('button', { name: 'Apply for a trade account' }).click();
  await expect(toast(page, 'Application sent')).toBeVisible();
  await expect(page.getByRole('heading', { name: business })).toBeVisible();
  await expect(page.getByTestId('trade-status')).toHaveText('Waiting for review');
  await shots(page, 'applied');
  // The page, not the toast (the toast library's colours are checked where the shell is).
  await axe(page, 'main');

  // Staff approve it with a tier.
  const adminTab = await adminPage(browser, { width: 1280, height: 900 });
  await adminTab.goto('/admin/trade');
  const row = adminTab.getByRole('row').filter({ hasText: business });
  await expect(row).toBeVisible();
  await shots(adminTab, 'admin-applications');
  await adminTab.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole('button', { name: 'Review' }).click();
  const dialog = adminTab.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: business })).toBeVisible();
  await expect(dialog.getByText('1002003004')).toBeVisible();
  await dialog.getByLabel('Tier').selectOption({ label: 'Restaurant' });
  await shots(adminTab, 'admin-review');
  await axe(adminTab, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(adminTab, 'Trade account approved')).toBeVisible();
  await expect(dialog.getByText('Approved', { exact: true })).toBeVisible();
  await adminTab.context().close();

  // The owner sees it approved and invites a buyer.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByTestId('trade-status')).toHaveText('Approved');
  await expect(page.getByText('Restaurant', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Buying limit (UGX)').fill('500,000');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${buyer.email}`)).toBeVisible();
  await expect(page.getByText('Invitations waiting')).toBeVisible();
  await expect(page.getByText(/Buyer up to UGX 500,000 · link works until/)).toBeVisible();
  await shots(page, 'owner-members');
  await axe(page, 'main');

  // The buyer opens the emailed link signed out, signs in, and joins.
  const admin = await signedInRequest(baseURL!, demo.admin);
  const link = await invitationLink(admin, buyer.email);
  const buyerCtx = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const buyerPage = await buyerCtx.newPage();
  await buyerPage.goto(link);
  await expect(buyerPage.getByRole('heading', { name: business })).toBeVisible();
  await expect(buyerPage.getByText(`invited ${buyer.email} as buyer`)).toBeVisible();
  await shots(buyerPage, 'join-signed-out');
  await signInByApi(buyerPage, buyer.email, 'secret-pass1');
  await buyerPage.reload();
  await appTookOver(buyerPage);
  await buyerPage.getByRole('button', { name: `Join ${business}` }).click();
  await expect(toast(buyerPage, `You joined ${business}`)).toBeVisible();
  await expect(buyerPage).toHaveURL(/\/account\/trade$/);
  await expect(buyerPage.getByTestId('trade-status')).toHaveText('Approved');
  await expect(buyerPage.getByText('UGX 500,000').first()).toBeVisible();
  await expect(buyerPage.getByTestId('trade-members')).toContainText('Sarah Nakato');
  await expect(buyerPage.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await shots(buyerPage, 'buyer');

  // Staff give the business its own price for a product, in Admin > Trade accounts > Price lists.
  const product = (await demoProducts(buyerPage)).find((p) => !(p as { weighing?: unknown }).weighing)!;
  const retail = unitPrice(product);
  const tradePrice = retail - 1_000;
  const editor = await adminPage(browser, { width: 1280, height: 900 });
  await editor.goto('/admin/trade');
  await editor.getByRole('tab', { name: 'Price lists' }).click();
  await editor.getByLabel('Price list', { exact: true }).selectOption({ label: business });
  await expect(editor.getByText('No lines yet')).toBeVisible();
  await editor.getByRole('button', { name: 'Add a line' }).click();
  const form = editor.getByRole('form', { name: 'New price line' });
  await form.getByLabel('Product').selectOption({ label: `${product.name} (${ugx(retail)})` });
  await form.getByLabel('Trade price (UGX)').fill(String(tradePrice));
  await form.getByLabel('Case size').fill('5');
  await form.getByRole('button', { name: 'Add line' }).click();
  await expect(toast(editor, 'Price line added')).toBeVisible();
  await expect(editor.getByTestId('price-lines')).toContainText(`${ugx(tradePrice)} · retail ${ugx(product.price)} · cases of 5`);
  await shots(editor, 'admin-price-list');
  await editor.context().close();

  // The buyer sees their price on the product page and in the listing; a visitor sees retail.
  await buyerPage.setViewportSize({ width: 1280, height: 900 });
  await buyerPage.goto(`/products/${product.id}`);
  await appTookOver(buyerPage);
  await expect(buyerPage.getByTestId('trade-price')).toBeVisible();
  await expect(buyerPage.getByTestId('price').first()).toContainText(ugx(tradePrice));
  await expect(buyerPage.getByTestId('trade-terms')).toHaveText('in cases of 5');
  await shots(buyerPage, 'buyer-product');
  // The quantity starts at one case; the cart shows the trade price.
  await buyerPage.getByRole('button', { name: 'Add to Cart' }).first().click();
  await buyerPage.goto('/cart');
  const cartLine = buyerPage.getByTestId('cart-line');
  await expect(cartLine).toContainText(`${ugx(tradePrice)} each`);
  await expect(cartLine).toContainText('Trade price');
  await expect(cartLine).toContainText(ugx(tradePrice * 5));
  await shots(buyerPage, 'buyer-cart');
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await visitor.goto(`/products/${product.id}`);
  await expect(visitor.getByTestId('price').first()).toContainText(ugx(retail));
  await expect(visitor.getByTestId('trade-price')).toHaveCount(0);
  await visitor.close();
  await buyerCtx.close();
  await ownerCtx.close();
});
