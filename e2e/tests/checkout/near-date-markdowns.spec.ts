/**
 * Near-date markdowns: the demo's Sausages rule (20 % off in the last 2 days up to the sell-by date)
 * puts the factory shop's near-date lot of Classic Beef Sausages on offer. The customer adds the
 * "Best before" line beside a regular one, sees both in the cart and at checkout, places the order
 * and finds the markdown on the order page at the server's price. Screenshots of the product page
 * at 360 px and 1280 px, the cart and the order page.
 */
import { expect, type Page, test } from '@playwright/test';
import { ugx } from '../../support/cart';
import { adminPage } from '../admin/admin-session';
import { demo, signInByApi } from '../../support/session';

async function shoot(page: Page, name: string, focus?: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    // What the phone shows around the new part, at its real size.
    if (focus && width === 360) {
      await page.getByTestId(focus).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-view.png`) });
    }
  }
}

interface Offer {
  useBy: string;
  percent: number;
  price: number;
  regularPrice: number;
  left: number;
}

test('a customer adds a Best before line next to a regular one and checks out at the markdown price', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInByApi(page, demo.customer);
  const { products } = (await (await page.request.get('/api/products?search=Classic%20Beef')).json()) as {
    products: { id: string; name: string }[];
  };
  const sausages = products.find((p) => p.name === 'Classic Beef Sausages 500g');
  if (!sausages) throw new Error('the demo catalog needs Classic Beef Sausages 500g');
  const { product } = (await (await page.request.get(`/api/products/${sausages.id}`)).json()) as { product: { offers: Offer[] } };
  const offer = product.offers[0];
  if (!offer) throw new Error('the demo seeds a near-date lot of Classic Beef Sausages');
  expect(offer).toMatchObject({ percent: 20, regularPrice: 14_000, price: 11_200 });

  // The listing card carries a light flag from the one offers request.
  await page.goto('/products?search=Classic%20Beef');
  const card = page.getByTestId('product-card').filter({ hasText: 'Classic Beef Sausages 500g' });
  await expect(card.getByTestId('card-offer')).toHaveText(`Best before offer from ${ugx(11_200)}`);
  await page.setViewportSize({ width: 360, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('listing-offer-360.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/products/${sausages.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Classic Beef Sausages 500g' })).toBeVisible();
  const offers = page.getByTestId('near-date-offers');
  await expect(offers.getByRole('heading', { name: 'Near-date offers' })).toBeVisible();
  const line = offers.getByTestId('near-date-offer').first();
  await expect(line).toContainText(/Best before \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(line.getByTestId('offer-price')).toHaveText(ugx(11_200));
  await expect(line).toContainText(ugx(14_000));
  await expect(line).toContainText('-20%');
  await expect(line).toContainText(`Only ${offer.left} left`);
  await offers.scrollIntoViewIfNeeded();
  await shoot(page, 'product-near-date', 'near-date-offers');

  await line.getByRole('button', { name: /^Add Classic Beef Sausages 500g, best before/ }).click();
  await expect(page.getByText(/Added to cart: Best before/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();

  await page.goto('/cart');
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  const marked = lines.filter({ has: page.getByTestId('line-best-before') });
  await expect(marked).toHaveCount(1);
  await expect(marked.getByTestId('line-best-before')).toContainText('· 20% off');
  await expect(marked).toContainText(`${ugx(11_200)} each`);
  await shoot(page, 'cart-near-date', 'line-best-before');

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('Search for a place').fill('Ntinda');
  await page.getByRole('button', { name: /^Ntinda, Kampala, Uganda$/ }).click();
  await expect(page.getByTestId('delivery-address')).toContainText('Ntinda, Kampala, Uganda');
  await expect(page.getByTestId('line-best-before')).toHaveCount(1);
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('line-best-before')).toContainText(/Best before .* · 20% off/);
  await expect(page.getByText(`1 × ${ugx(11_200)}`)).toBeVisible();
  await expect(page.getByText(`1 × ${ugx(14_000)}`)).toBeVisible();
  await shoot(page, 'order-near-date', 'line-best-before');

  // The offer's unit is taken: one fewer is left on offer.
  const after = (await (await page.request.get(`/api/products/${sausages.id}`)).json()) as { product: { offers: Offer[] } };
  expect(after.product.offers[0]?.left).toBe(offer.left - 1);

  // The rule is on the Categories screen, in the category's form.
  const admin = await adminPage(browser, { width: 1280, height: 900 });
  await admin.goto('/admin/products/categories');
  await expect(admin.getByRole('cell', { name: '20% off, last 2 days' }).first()).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('admin-categories-1280.png') });
  await admin.getByRole('button', { name: 'Edit Sausages' }).first().click();
  const form = admin.getByRole('dialog');
  const rule = form.getByRole('group', { name: 'Near-date markdown' });
  await expect(rule.getByLabel('Percent off')).toHaveValue('20');
  await expect(rule.getByLabel('Days before the sell-by date')).toHaveValue('2');
  await expect(rule).toContainText('Products sold by the unit only');
  await rule.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: test.info().outputPath('admin-category-rule-1280.png') });
  await admin.setViewportSize({ width: 360, height: 900 });
  await rule.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: test.info().outputPath('admin-category-rule-360.png') });
  // Half a rule is refused in the form, with the server's wording.
  await rule.getByLabel('Days before the sell-by date').fill('');
  await form.getByRole('button', { name: 'Update Category' }).click();
  await expect(form.getByText('Set both the percent off and the days, or leave both empty')).toBeVisible();
});
