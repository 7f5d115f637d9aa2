/**
 * The customer's path from cart to a placed order: two products added from the listing, WELCOME10,
 * checkout with cash on delivery after finding a Kampala place in the map picker, the order detail,
 * then My Orders; an applied coupon priced again as the cart changes.
 */
import { expect, test } from '@playwright/test';
import { demoProducts, ugx, unitPrice } from '../../support/cart';
import { demo, signInByApi } from '../../support/session';

test('the demo customer checks out with a coupon and cash on delivery', async ({ page }) => {
  await signInByApi(page, demo.customer);
  const [first, second] = await demoProducts(page);
  if (!first || !second) throw new Error('need two demo products in stock');

  // Through the storefront's own Add to Cart, then a second unit of the first one in the cart.
  await page.goto('/products');
  for (const p of [first, second]) {
    await page.getByRole('button', { name: `Add to Cart: ${p.name}` }).click();
    await expect(page.getByText('Added to cart').first()).toBeVisible();
  }
  await page.goto('/cart');
  await page.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  const subtotal = unitPrice(first) * 2 + unitPrice(second);
  const discount = Math.round(subtotal * 0.1);
  const total = subtotal + 5_000 - discount;
  await expect(page.getByTestId('order-total')).toHaveText(ugx(subtotal + 5_000));

  await page.getByLabel('Coupon code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon "WELCOME10" applied')).toBeVisible();
  await expect(page.getByText('Coupon applied successfully!')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(ugx(total));
  await page.screenshot({ path: 'test-results/checkout-cart.png', fullPage: true });

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Full Name')).toHaveValue('Daniel Mugisha');
  await expect(page.getByLabel('Email')).toHaveValue(demo.customer);

  await page.getByLabel('Search for a place').fill('Ntinda');
  await page.getByRole('button', { name: /^Ntinda, Kampala, Uganda$/ }).click();
  await expect(page.getByTestId('delivery-address')).toContainText('Ntinda, Kampala, Uganda');
  await expect(page.getByRole('button', { name: 'Save Current Address' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toBeChecked();
  await expect(page.getByTestId('order-total')).toHaveText(ugx(total));
  await page.screenshot({ path: 'test-results/checkout-form.png', fullPage: true });

  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop() ?? '';
  const orderNumber = orderId.slice(0, 8).toUpperCase();
  await expect(page.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(ugx(total));
  await expect(page.getByText(first.name)).toBeVisible();
  await expect(page.getByText('Cash on Delivery')).toBeVisible();
  await page.screenshot({ path: 'test-results/checkout-order.png', fullPage: true });

  await page.getByRole('link', { name: 'Back to Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByTestId('order-card').filter({ hasText: `Order #${orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('order-card').first()).toContainText(`Order #${orderNumber}`);

  // The cart was emptied with its coupon.
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('an applied coupon is priced again when the cart changes, and after a reload', async ({ page }) => {
  await signInByApi(page, demo.customer);
  const [first] = await demoProducts(page);
  if (!first) throw new Error('need a demo product in stock');
  await page.goto('/products');
  await page.getByRole('button', { name: `Add to Cart: ${first.name}` }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await page.goto('/cart');
  await page.getByLabel('Coupon code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon "WELCOME10" applied')).toBeVisible();
  const withCoupon = (subtotal: number) => ugx(subtotal + 5_000 - Math.round(subtotal * 0.1));
  await expect(page.getByTestId('order-total')).toHaveText(withCoupon(unitPrice(first)));

  // The discount follows the server's new quote for two units, not the one stored at Apply.
  await page.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await expect(page.getByTestId('order-total')).toHaveText(withCoupon(unitPrice(first) * 2));
  await page.reload();
  await expect(page.getByText('Coupon "WELCOME10" applied')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(withCoupon(unitPrice(first) * 2));
});

test('checkout sends a visitor to sign in and an empty cart back to the cart', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByText('Please sign in to continue checkout')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  await signInByApi(page, demo.customer);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});
