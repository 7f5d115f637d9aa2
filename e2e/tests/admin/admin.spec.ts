/** The back office end to end: catalog with an uploaded image, employees, rider assignment, subscriptions. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { placeDemoOrder, signedInRequest } from '../../support/orders';
import { demo, uniqueAccount } from '../../support/session';
import { adminPage } from './admin-session';

// A real 64x48 PNG (the server decides the type by these bytes and re-encodes it to WebP).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAe0lEQVRoge2SAQ0AQBCCTEJhSn8Md3s3AoAzwmlSN3AB1Fd0F+IuqRu4AOorugtxl9QNXAD1Fd2FuEvqBi6A+oruQtwldQMXQH1FdyHukrqBC6C+orsQd0ndwAVQX9FdiLukbuACqK/oLsRdUjdwAdRXdBfiLqkb+HnAAwTJVIgijZV8AAAAAElFTkSuQmCC',
  'base64',
);

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1366, height: 900 } });

const tag = Date.now().toString(36);
const categoryName = `E2E Smoked ${tag}`;
const productName = `E2E Smoked Ribs ${tag}`;
let productId = '';

test('the demo admin creates a category and a product with an uploaded image', async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto('/admin/products/categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const catDialog = page.getByRole('dialog');
  await catDialog.getByLabel('Name').fill(categoryName);
  await expect(catDialog.getByText(`Slug: e2e-smoked-${tag}`)).toBeVisible();
  await catDialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(page.getByText('Category created successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: `e2e-smoked-${tag}` })).toBeVisible();

  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();

  await dialog.getByLabel('Name').fill(productName);
  await dialog.getByLabel('Description').fill('Slow-smoked pork ribs, glazed with honey and chilli.');
  await dialog.getByLabel('Price (UGX)').fill('42000');
  await dialog.getByLabel('Discount price').fill('38000');
  await dialog.getByLabel('Stock', { exact: true }).fill('15');
  await dialog.getByLabel('Category').selectOption({ label: categoryName });
  await dialog.getByLabel('Upload image').setInputFiles({ name: 'ribs.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Image uploaded successfully')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Selected 1' })).toHaveAttribute('src', /\/media\/product-images\/.+\.webp$/);
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search products' }).fill(tag);
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();

  const products = await (await page.request.get('/api/admin/products')).json();
  const created = products.find((p: { name: string }) => p.name === productName);
  expect(created).toMatchObject({ price: 42000, discountPrice: 38000, stock: 15 });
  productId = created.id;
  const image = await page.request.get(created.imageUrls[0]);
  expect(image.headers()['content-type']).toBe('image/webp');

  // Stock never goes negative from the inline editor.
  const stock = page.getByRole('spinbutton', { name: 'Stock' });
  await stock.fill('-3');
  await stock.blur();
  await expect(page.getByText('Stock cannot be negative')).toBeVisible();
  await stock.fill('9');
  await stock.press('Enter');
  await expect(page.getByText('Stock updated successfully')).toBeVisible();
});

test('the new product shows on the storefront', async ({ page }) => {
  // The storefront listing and detail screens come from the storefront issue.
  await page.goto(`/products/${productId}`);
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();
});

test('the admin assigns a rider to the demo customer’s order', async ({ browser, baseURL }) => {
  // The demo customer places a cash order and the demo rider goes online, through the real API.
  const customer = await signedInRequest(baseURL!, demo.customer);
  const orderId = await placeDemoOrder(customer);
  const rider = await signedInRequest(baseURL!, demo.rider);
  expect((await rider.put('/api/rider/status', { data: { status: 'online' } })).ok()).toBe(true);

  const admin = await adminPage(browser);
  await admin.goto('/admin/orders');
  const row = admin.getByRole('row', { name: new RegExp(orderId.slice(0, 8), 'i') });
  await row.getByRole('button', { name: 'Assign Rider' }).click();
  await admin.getByRole('dialog').getByRole('radio').first().check();
  await admin.getByRole('dialog').getByRole('button', { name: 'Assign Rider' }).click();
  await expect(admin.getByText('Rider assigned successfully')).toBeVisible();
  const order = await (await customer.get(`/api/orders/${orderId}`)).json();
  expect(order.order?.status ?? order.status).toBe('assigned');
  await Promise.all([customer.dispose(), rider.dispose()]);
});

test('the admin creates an employee who then signs in to /outlet', async ({ browser }) => {
  const { email } = uniqueAccount();
  const page = await adminPage(browser);
  await page.goto('/admin/employees');
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Full Name').fill('Esther Namukasa');
  await dialog.getByLabel('Password', { exact: true }).fill('secret123');
  await dialog.getByLabel('Outlet').selectOption({ label: 'Ntinda Outlet' });
  await dialog.getByLabel('Role').selectOption({ label: 'Cashier' });
  await dialog.getByRole('button', { name: 'Create Employee' }).click();
  await expect(page.getByText('Employee created successfully')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search employees' }).fill('esther');
  const row = page.getByRole('row', { name: /Esther Namukasa/ });
  await expect(row).toContainText('Ntinda Outlet');
  await expect(row).toContainText('Cashier');
  await expect(row).toContainText('Active');

  const staff = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staffPage = await staff.newPage();
  await staffPage.goto('/');
  await staffPage.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await staffPage.getByRole('dialog').getByLabel('Email').fill(email);
  await staffPage.getByRole('dialog').getByLabel('Password', { exact: true }).fill('secret123');
  await staffPage.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  await expect(staffPage.getByText('Welcome back, Esther!')).toBeVisible();
  await staffPage.goto('/outlet');
  await expect(staffPage).toHaveURL(/\/outlet$/);
  await expect(staffPage.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
  await staff.close();
});

test('the admin exports subscriptions and the CSV has the right rows', async ({ browser }) => {
  const page = await adminPage(browser);
  const emails = [`csv-a-${tag}@example.com`, `csv-b-${tag}@example.com`];
  // Subscriptions are made by the storefront's coming-soon form (storefront issue).
  const first = await page.request.post('/api/subscriptions', { data: { email: emails[0], type: 'blogs' } });
  expect(first.status()).toBe(201);
  await page.request.post('/api/subscriptions', { data: { email: emails[1], type: 'campaigns' } });

  await page.goto('/admin/subscriptions');
  await page.getByRole('searchbox', { name: 'Search subscriptions' }).fill(tag);
  await expect(page.getByRole('row')).toHaveCount(3);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^subscriptions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('Email,Type,Subscribed On');
  expect(csv.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(
    expect.arrayContaining([`${emails[0]},blogs`, `${emails[1]},campaigns`]),
  );
  expect(csv).toHaveLength(3);

  await page.getByRole('checkbox', { name: 'Select all subscriptions' }).check();
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Subscriptions deleted successfully')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
});
