/**
 * A shopper's path through the storefront: home to a category, sidebar filters by price and
 * rating, sort by price with the order checked on screen, search, then a product: rate, review and add
 * to cart as the demo customer, seeing the cart badge count.
 */
import { expect, type Page, test } from '@playwright/test';
import { demo, signInByApi } from '../../support/session';

test.use({ viewport: { width: 1366, height: 900 } });

const shownPrices = async (page: Page) =>
  (await page.getByTestId('product-card').getByTestId('price').allTextContents()).map((t) => Number(t.replace(/[^0-9]/g, '')));

const listing = (page: Page) => page.getByRole('region', { name: 'Products' });

const cardNames = (page: Page) => page.getByTestId('product-card').getByRole('heading').allTextContents();

test('browse from home to a category, filter, sort and search', async ({ page }) => {
  // Other browser tests may have added products (the admin's), so the expected counts come from the API.
  const all = ((await (await page.request.get('/api/products')).json()) as { products: unknown[] }).products.length;
  const beef = ((await (await page.request.get('/api/products?category=beef')).json()) as { products: unknown[] }).products.length;
  expect(all).toBeGreaterThanOrEqual(30);
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Shop Now' }).first().click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await expect(page.getByText(`${all} items`)).toBeVisible();

  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('radio', { name: /Beef/ }).click();
  await expect(page).toHaveURL(/category=beef/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beef' })).toBeVisible();
  await expect(page.getByText(`${beef} items`)).toBeVisible();

  // Back to all categories, then a price range through the sidebar.
  await filters.getByRole('radio', { name: 'All Categories' }).click();
  await filters.getByLabel('Minimum price').fill('20000');
  await filters.getByLabel('Maximum price').fill('30000');
  await filters.getByRole('button', { name: 'Apply price' }).click();
  await expect(page).toHaveURL(/minPrice=20000/);
  await expect(page).toHaveURL(/maxPrice=30000/);
  await expect(listing(page)).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const inRange = await shownPrices(page);
  expect(inRange.length).toBeGreaterThan(0);
  for (const p of inRange) expect(p >= 20_000 && p <= 30_000).toBe(true);

  await filters.getByRole('radio', { name: '4+ stars' }).click();
  await expect(page).toHaveURL(/minRating=4/);
  // The previous list stays on screen, dimmed, until the filtered one arrives.
  await expect(listing(page)).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('img', { name: /Rated/ }).first()).toBeVisible();
  for (const label of await page
    .getByTestId('product-card')
    .getByRole('img', { name: /Rated/ })
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))) {
    expect(Number(label?.match(/Rated ([\d.]+)/)?.[1])).toBeGreaterThanOrEqual(4);
  }

  // Clear, then sort by price ascending and check the order on screen.
  await filters.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(page).toHaveURL(/\/products\?sort=featured$/);
  await filters.getByLabel('Sort By').selectOption('price-asc');
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page.getByText(`${all} items`)).toBeVisible();
  // The previous order stays on screen (dimmed) until the sorted list arrives.
  await expect
    .poll(async () => {
      const prices = await shownPrices(page);
      return prices.length === all && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
    })
    .toBe(true);

  // Search filters the loaded list by name, description or category name.
  await page.getByRole('searchbox', { name: 'Search products' }).fill('BACON');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=BACON/);
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  expect(await cardNames(page)).toEqual(['Back Bacon 500g']);

  await page.getByRole('searchbox', { name: 'Search products' }).fill('no such thing');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();

  // Back restores the previous state from the URL.
  await page.goBack();
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
});

test('a visitor who adds to cart gets the sign-in dialog and the product is added after signing in', async ({ page }) => {
  await page.goto('/products?category=cold-cuts');
  await page.getByRole('button', { name: 'Add to Cart: Smoked Ham Slices 250g' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(demo.customer);
  await dialog.getByLabel('Password', { exact: true }).fill('password123');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Already in cart' })).toBeVisible();
  await page.goto('/products?category=sausages');
  const outOfStock = page.getByTestId('product-card').filter({ hasText: 'Breakfast Links 400g' });
  await expect(outOfStock.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
});

test('the demo customer rates, reviews and adds a product to the cart', async ({ page }) => {
  await signInByApi(page, demo.customer);
  await page.goto('/products?category=goat-and-lamb');
  await page.getByRole('link', { name: 'Goat Meat 1kg' }).click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Goat Meat 1kg' })).toBeVisible();
  await expect(page).toHaveTitle(/Goat Meat 1kg/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Goat and Lamb' })).toHaveAttribute(
    'href',
    '/products?category=goat-and-lamb',
  );

  await page.getByRole('radiogroup', { name: 'Rate this product' }).getByRole('radio', { name: '4 stars' }).click();
  await expect(page.getByText('Thank you for your rating!')).toBeVisible();
  await expect(page.getByTestId('rating-text')).toHaveText('Your rating: 4 of 5');

  const form = page.getByRole('form', { name: 'Write a Review' });
  const submit = form.getByRole('button', { name: 'Submit Review' });
  await expect(submit).toBeDisabled();
  await form.getByRole('radiogroup', { name: 'Your review rating' }).getByRole('radio', { name: '5 stars' }).click();
  await expect(submit).toBeDisabled();
  const comment = `Tender and full of flavour <script>alert(1)</script> ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Your review' }).fill(comment);
  await submit.click();
  await expect(page.getByText('Review submitted successfully')).toBeVisible();
  await expect(page.getByTestId('reviews').getByRole('listitem').first()).toContainText(comment);
  await expect(page.getByTestId('reviews').getByRole('listitem').first()).toContainText('Daniel Mugisha');
  await expect(form.getByRole('textbox', { name: 'Your review' })).toHaveValue('');

  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
});

test('a malformed or unknown product id shows Product not found and goes back to /products', async ({ page }) => {
  await page.goto('/products/not-a-uuid');
  await expect(page.getByText('Product not found')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  await page.goto('/products/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Product not found')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
});

test('a visitor adding to cart on the detail page is told to sign in and sent to /account', async ({ page }) => {
  await page.goto('/products?category=beef');
  await page.getByRole('link', { name: 'T-Bone Steak 1kg' }).click();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText('Please sign in to add items to cart')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
});
