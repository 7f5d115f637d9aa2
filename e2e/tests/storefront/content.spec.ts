/** Content pages: the coming-soon sign-up, contact outlets, the permit download, and the home slider. */
import { expect, test } from '@playwright/test';
import { signedInRequest } from '../../support/orders';
import { appTookOver, demo } from '../../support/session';

test('coming-soon sign-up subscribes once and says so on a repeat', async ({ page }) => {
  const email = `fan-${Date.now()}@example.com`;
  await page.goto('/discover/blogs');
  await expect(page).toHaveURL(/\/discover\/coming-soon\/blogs$/);
  // A field filled on the server's markup before the app takes it over would not be the form's.
  await appTookOver(page);
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByText('Thanks for subscribing!')).toBeVisible();
  await expect(page.getByText("You're on the list!")).toBeVisible();

  await page.goto('/discover/coming-soon/campaigns');
  await appTookOver(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByText("You're already subscribed!")).toBeVisible();
});

test('contact lists outlets by name with directions; certifications link a real PDF', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByText('Monday to Saturday: 8:00 AM to 6:00 PM')).toBeVisible();
  const outletHeadings = page.getByRole('region', { name: 'Our Outlets' }).getByRole('heading', { level: 3 });
  await expect(outletHeadings.first()).toBeVisible();
  const names = await outletHeadings.allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  await expect(page.getByRole('link', { name: /Get Directions/ }).first()).toHaveAttribute('href', /destination=/);

  await page.goto('/certifications');
  const href = await page.getByRole('link', { name: /Download permit/ }).getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('contact outlets that fail to load offer Try again, which loads them', async ({ page }) => {
  let failing = true;
  await page.route('**/api/outlets', (route) => (failing ? route.fulfill({ status: 500, json: { error: 'down' } }) : route.continue()));
  await page.goto('/contact');
  const outlets = page.getByRole('region', { name: 'Our Outlets' });
  await expect(outlets.getByText('Failed to load outlets')).toBeVisible({ timeout: 20_000 });
  failing = false;
  await outlets.getByRole('button', { name: 'Try again' }).click();
  await expect(outlets.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(outlets.getByText('Failed to load outlets')).toHaveCount(0);
});

test('the hero slider advances and the manual controls work', async ({ page }) => {
  await page.goto('/');
  const status = page.getByText(/Slide \d of 3/);
  await expect(status).toHaveText('Slide 1 of 3');
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(status).toHaveText('Slide 2 of 3');
  await page.getByRole('button', { name: 'Go to slide 1' }).click();
  await expect(status).toHaveText('Slide 1 of 3');
  // After the 5 s pause it rotates on its own again.
  await expect(status).toHaveText('Slide 2 of 3', { timeout: 12_000 });
  await expect(page.locator('video')).toHaveJSProperty('muted', true);
});

test('the product page is served with its meta tags and JSON-LD before any script runs', async ({ request }) => {
  const { products } = await (await request.get('/api/products')).json();
  const res = await request.get(`/products/${products[0].id}`);
  const html = await res.text();
  expect(html).toContain(`<title>${products[0].name} | Kampala Prime Meats</title>`);
  expect(html).toContain('property="og:image"');
  expect(html).toContain('"@type":"Product"');
  expect((await request.get('/sitemap.xml')).ok()).toBe(true);
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
});

test('the contact details the admin sets in Settings are what the storefront shows', async ({ page, baseURL }) => {
  const admin = await signedInRequest(baseURL!, demo.admin);
  const before = await (await admin.get('/api/admin/settings')).json();
  const put = (body: object) => admin.put('/api/admin/settings', { data: body });
  try {
    expect((await put({ supportPhone: '+256772000111', supportEmail: 'orders@prime.test', hours: 'Every day 7AM-9PM' })).ok()).toBe(true);
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: '+256 772 000111' })).toHaveAttribute('href', 'tel:+256772000111');
    await expect(main.getByRole('link', { name: 'orders@prime.test' })).toBeVisible();
    await expect(main.getByText('Every day 7AM-9PM')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: '+256 772 000111' })).toBeVisible();
  } finally {
    await put({ supportPhone: before.supportPhone, supportEmail: before.supportEmail, hours: before.hours });
    await admin.dispose();
  }
});
