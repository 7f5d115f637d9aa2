/**
 * Substitutions at the counter, end to end: the customer chooses a specific alternative for a line
 * at checkout and pays by card on the simulator; the outlet marks the line short and packs the
 * alternative; the customer sees "Substituted" on the order page, refuses it, and the order reads
 * Partially refunded. Screenshots at 390 px and 1366 px of the checkout choice, the packing panel
 * and the customer's card.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminPage } from '../admin/admin-session';
import { demo, signInByApi } from '../../support/session';

/** What a person sees with `focus` on screen, at a phone's and a laptop's width. */
async function shoot(page: Page, name: string, focus: Locator) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await focus.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
}

/** No serious or critical axe violation inside the part of the page this feature added. */
const serious = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

interface Listed {
  id: string;
  name: string;
  stock: number;
}

test('the customer picks an alternative, the outlet substitutes it, and the customer refuses it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signInByApi(page, demo.customer);

  // A product with an alternative in stock near its price, both without cuts to choose.
  const { products } = (await (await page.request.get('/api/products')).json()) as { products: Listed[] };
  let pair: { product: Listed; alternative: { productId: string; name: string } } | null = null;
  for (const p of products.filter((x) => x.stock >= 10)) {
    const detail = (await (await page.request.get(`/api/products/${p.id}`)).json()).product as { options?: unknown[] };
    if (detail.options?.length) continue;
    const { suggestions } = (await (await page.request.get(`/api/products/${p.id}/substitutes`)).json()) as {
      suggestions: { productId: string; name: string; stock: number }[];
    };
    const alt = suggestions.find((s) => s.stock >= 5);
    if (alt) {
      pair = { product: p, alternative: alt };
      break;
    }
  }
  if (!pair) throw new Error('the demo catalog needs two products of one category near each other in price');
  const { product, alternative } = pair;

  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();

  await page.goto('/checkout');
  await page.getByLabel('Search for a place').fill('Bwaise');
  await page
    .getByRole('button', { name: /^Bwaise/ })
    .first()
    .click();
  await expect(page.getByTestId('delivery-address')).toContainText('Bwaise');
  const choice = page.getByTestId('substitution-line');
  await expect(choice).toHaveCount(1);
  await choice.getByText('A specific alternative').click();
  await choice.getByLabel(`Instead of ${product.name}, I would like`).selectOption(alternative.productId);
  await shoot(page, 'checkout-substitution', choice);
  expect(await serious(page, '[data-testid=substitution-line]')).toEqual([]);
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Card', { exact: true }).click();
  await page.getByRole('button', { name: /Place Order/ }).click();

  // The simulator's hosted page, then back to the shop.
  await expect(page.getByRole('heading', { name: 'Secure payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  const orderLink = page.getByRole('link', { name: 'View Order Details' });
  const orderPath = (await orderLink.getAttribute('href')) ?? '';
  const orderId = orderPath.split('/').pop() ?? '';
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
  await page.goto(orderPath);
  await expect(page.getByTestId('line-substitution')).toContainText(`If unavailable: ${alternative.name}`);

  // The outlet: the line is short; the customer's alternative comes first.
  const outletContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const outlet = await outletContext.newPage();
  await signInByApi(outlet, demo.outlet);
  await outlet.goto(`/outlet/orders/${orderId}`);
  await outlet.getByRole('button', { name: 'Mark short' }).click();
  const panel = outlet.getByTestId('short-line-panel');
  const first = panel.getByRole('radiogroup', { name: 'Substitute' }).locator('label').first();
  await expect(first).toContainText(alternative.name);
  await expect(first).toContainText('Customer’s choice');
  // Nothing on the packing screen is wider than a phone.
  await outlet.setViewportSize({ width: 390, height: 900 });
  expect(await outlet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(outlet, 'packing-short', panel);
  expect(await serious(outlet, '[data-testid=short-line-panel]')).toEqual([]);
  await panel.getByRole('button', { name: 'Substitute 1' }).click();
  await expect(outlet.getByText('Substitute packed: the customer is told')).toBeVisible();
  await expect(outlet.getByTestId('line-substitution')).toContainText(`Substituted: 1 × ${alternative.name} instead of ${product.name}`);
  await outlet.getByRole('button', { name: 'Mark Ready for Pickup' }).click();
  await expect(outlet.getByText('Order marked ready for pickup')).toBeVisible();
  await shoot(outlet, 'packing-substituted', outlet.getByTestId('outlet-line').first());

  // The customer: the card, and refusing it.
  await page.goto(orderPath);
  const card = page.getByTestId('substitution-card');
  await expect(card).toContainText(`Substituted: 1 × ${alternative.name} instead of ${product.name}`);
  await expect(card.getByRole('button', { name: 'Refuse substitute' })).toBeVisible();
  await shoot(page, 'order-substituted', card);
  expect(await serious(page, '[data-testid=substitution-card]')).toEqual([]);
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Refuse substitute' }).click();
  await expect(page.getByText('Substitute refused: it will be refunded')).toBeVisible();
  await expect(card).toContainText('Substitute refused');
  await expect(card.getByRole('button', { name: 'Refuse substitute' })).toHaveCount(0);
  await expect(page.getByText('Partially refunded').first()).toBeVisible();
  await shoot(page, 'order-refused', card);

  // The outlet sees it refused too.
  await outlet.reload();
  await expect(outlet.getByTestId('line-substitution')).toContainText('refused');
  await outletContext.close();

  // Admin > Reports > Substitutions counts the refused line against the product.
  const admin = await adminPage(browser, { width: 1366, height: 900 });
  await admin.goto('/admin/reports/substitutions');
  const row = admin.getByRole('table', { name: 'Substitutions by product' }).getByRole('row').filter({ hasText: product.name });
  await expect(row).toBeVisible();
  // Other browser tests may order the same product today: read this one's counts from the report's own data.
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });
  const report = await (await admin.request.get(`/api/admin/reports/substitutions?from=${today}&to=${today}`)).json();
  const counted = report.products.find((p: { productId: string }) => p.productId === product.id);
  expect(counted).toMatchObject({ refused: 1, refunded: 1, substituted: 0 });
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await shoot(admin, 'report-substitutions', row);

  // Its stock goes back to the shelf for the tests that follow.
  const origin = new URL(page.url()).origin;
  const cancel = await admin.request.post(`/api/admin/orders/${orderId}/cancel`, {
    headers: { origin },
    data: { reason: 'Browser test finished' },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  await admin.context().close();
});
