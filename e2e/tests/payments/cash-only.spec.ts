/**
 * A live shop without a payment provider takes cash on delivery only (/api/config lists the methods):
 * checkout shows mobile money and card as unavailable instead of offering them and failing later.
 * The browser test server runs with the simulator, so the shop's answer is set here; the server's own
 * refusal is API-tested.
 */
import { expect, test } from '@playwright/test';
import { demoProducts } from '../../support/cart';
import { demo, signInByApi } from '../../support/session';

test('checkout offers only cash on delivery when the shop takes no card or mobile money', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByApi(page, demo.customer);
  const [product] = await demoProducts(page);
  if (!product) throw new Error('need a demo product in stock');
  await page.goto('/products');
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();

  // With the simulator every method can be chosen.
  await page.goto('/checkout');
  // The checkout screen loads its map library first: give a busy machine time.
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('radio', { name: /MTN Mobile Money/ })).toBeEnabled();

  await page.route('**/api/config', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), paymentMethods: ['cash_on_delivery'] } });
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible({ timeout: 60_000 });
    for (const name of [/MTN Mobile Money/, /Airtel Money/, /^Card/]) {
      await expect(page.getByRole('radio', { name })).toBeDisabled();
      await expect(page.getByRole('radio', { name })).toHaveAccessibleName(/Not available at the moment/);
    }
    await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toBeChecked();
    await expect(page.getByText('Mobile money and card payments are not available at the moment')).toBeVisible();
    // A tap on an unavailable method changes nothing.
    await page.getByText('Airtel Money').click({ force: true });
    await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toBeChecked();
    await expect(page.getByLabel('Airtel Money number')).toHaveCount(0);
    await page.getByRole('heading', { name: 'Payment Method' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/checkout-cash-only-${width}.png` });
  }
});
