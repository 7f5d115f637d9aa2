/**
 * The butcher's counter: the customer picks Goat meat → Cubed with a note on the product page, sees it
 * in the cart and at checkout, places the order and finds the cut and note on the order page; the admin
 * sees them in the order's detail. Screenshots at 390 px and 1366 px of the product page, cart and order.
 */
import { expect, type Page, test } from '@playwright/test';
import { adminPage } from '../admin/admin-session';
import { demo, signInByApi } from '../../support/session';

const NOTE = '3 cm pieces, please';

async function shoot(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('a customer orders goat meat cubed with a note, and the admin sees both', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signInByApi(page, demo.customer);
  const { products } = (await (await page.request.get('/api/products?search=Goat%20Meat')).json()) as {
    products: { id: string; name: string }[];
  };
  const goat = products.find((p) => p.name === 'Goat Meat 1kg');
  if (!goat) throw new Error('the demo catalog needs Goat Meat 1kg');

  await page.goto(`/products/${goat.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Goat Meat 1kg' })).toBeVisible();
  const cut = page.getByRole('group', { name: 'Cut' });
  await expect(cut.getByRole('radio', { name: /Whole/ })).toBeChecked();
  await cut.getByText('Cubed').click();
  await expect(cut.getByRole('radio', { name: /Cubed/ })).toBeChecked();
  await page.getByLabel('Note for the butcher').fill(NOTE);
  // 26,000 + 1,000 for cubing.
  await expect(page.getByTestId('buy-total')).toContainText('UGX 27,000');
  await shoot(page, 'product-goat');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();

  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('line-detail')).toContainText('Cut: Cubed');
  await expect(line.getByTestId('line-detail')).toContainText(NOTE);
  await expect(line).toContainText('UGX 27,000');
  await shoot(page, 'cart-goat');

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('Search for a place').fill('Ntinda');
  await page.getByRole('button', { name: /^Ntinda, Kampala, Uganda$/ }).click();
  await expect(page.getByTestId('delivery-address')).toContainText('Ntinda, Kampala, Uganda');
  await expect(page.getByTestId('line-detail').first()).toContainText('Cut: Cubed');
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop() ?? '';
  const detail = page.getByTestId('line-detail').first();
  await expect(detail).toContainText('Cut: Cubed');
  await expect(detail).toContainText(NOTE);
  await expect(page.getByText('1 × UGX 27,000')).toBeVisible();
  // A line cut for the butcher is not changed from here.
  await expect(page.getByRole('button', { name: 'Change items' })).toHaveCount(0);
  await shoot(page, 'order-goat');

  const admin = await adminPage(browser, { width: 1366, height: 900 });
  await admin.goto('/admin/orders');
  await admin
    .getByRole('button', { name: `View order ${orderId.slice(0, 8).toUpperCase()}` })
    .first()
    .click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByTestId('line-detail')).toContainText('Cut: Cubed');
  await expect(dialog.getByTestId('line-detail')).toContainText(NOTE);
  await admin.screenshot({ path: test.info().outputPath('admin-order-goat-1366.png') });
  await admin.keyboard.press('Escape');

  // The product form holds the cuts, each with its price change and availability.
  await admin.goto('/admin/products');
  await admin.getByRole('button', { name: 'Edit Goat Meat 1kg' }).first().click();
  const form = admin.getByRole('dialog');
  await expect(form.getByRole('group', { name: 'Options the customer picks' })).toBeVisible();
  await expect(form.getByLabel('Option 1 name')).toHaveValue('Cut');
  await expect(form.getByLabel('Cut value 2')).toHaveValue('Cubed');
  await expect(form.getByLabel('Cubed price change (UGX)')).toHaveValue('1000');
  await form.getByLabel('Option 1 name').scrollIntoViewIfNeeded();
  await admin.screenshot({ path: test.info().outputPath('admin-product-options-1366.png') });
});
