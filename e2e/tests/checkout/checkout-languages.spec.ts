/**
 * Checkout in Luganda and in Swahili: a cart filled in English, then the page switched with `?lang=`
 * (which sets the cookie), the delivery place found, cash on delivery placed, the confirmation and
 * the order in My Orders, every account-side word in the page's language. The account catalog loads
 * with the first account screen, so none of its English labels may show, and at 360 px nothing may
 * run wider than the phone. Screenshots of checkout, order detail, My Orders and My Account at 360
 * and 1366 px. The order is cancelled at the end, in the same language.
 */
import { expect, type Page, test } from '@playwright/test';
import { demoProducts } from '../../support/cart';
import { appTookOver, demo, signInByApi } from '../../support/session';

const WORDS = {
  lg: {
    checkout: 'Sasula',
    contact: 'Ebikukwatako',
    fullName: 'Erinnya lyonna',
    search: 'Noonya ekifo',
    cash: "Sasula ng'etuusiddwa",
    place: /Teekayo oda/,
    placed: 'Oda eteekeddwayo!',
    order: 'Oda #',
    back: 'Ddayo ku oda',
    myOrders: 'Oda zange',
    pending: 'Erinze',
    myAccount: 'Akawunti yange',
    save: 'Tereka enkyukakyuka',
    cancel: 'Sazaamu oda',
    cancelled: 'Oda esaziddwamu',
  },
  sw: {
    checkout: 'Malipo',
    contact: 'Maelezo ya mawasiliano',
    fullName: 'Jina kamili',
    search: 'Tafuta mahali',
    cash: 'Lipa unapopokea',
    place: /Weka oda/,
    placed: 'Oda imewekwa!',
    order: 'Oda #',
    back: 'Rudi kwa oda',
    myOrders: 'Oda zangu',
    pending: 'Inasubiri',
    myAccount: 'Akaunti yangu',
    save: 'Hifadhi mabadiliko',
    cancel: 'Ghairi oda',
    cancelled: 'Oda imeghairiwa',
  },
};

/** English labels of the account screens that must not show in lg or sw. */
const ENGLISH = [
  'Contact Information',
  'Delivery Address',
  'Payment Method',
  'Cash on Delivery',
  'Place Order',
  'Back to Orders',
  'Delivery address',
  'Order status',
  'My Orders',
  'Cancel order',
  'Save changes',
  'Sign out everywhere',
];

async function expectNoEnglish(page: Page) {
  const text = await page.locator('main').innerText();
  for (const english of ENGLISH) expect(text, `"${english}" left in English`).not.toContain(english);
}

/** A screenshot at 360 and 1366 px; at 360 px the page may not scroll sideways. */
async function shoot(page: Page, name: string) {
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 360) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} runs ${overflow}px wider than a 360 px phone`).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 360, height: 900 });
}

for (const lang of ['lg', 'sw'] as const) {
  const w = WORDS[lang];
  test(`a customer checks out with cash on delivery in ${lang}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 360, height: 900 });
    await signInByApi(page, demo.customer);
    const [product] = await demoProducts(page);
    if (!product) throw new Error('need a demo product in stock');
    await page.goto('/products?lang=en');
    await appTookOver(page);
    await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
    await expect(page.getByText('Added to cart').first()).toBeVisible();

    await page.goto(`/checkout?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { name: w.checkout, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: w.contact })).toBeVisible();
    await expect(page.getByLabel(w.fullName)).toHaveValue('Daniel Mugisha');
    await page.getByLabel(w.search).fill('Ntinda');
    await page.getByRole('button', { name: /^Ntinda, Kampala, Uganda$/ }).click();
    await expect(page.getByTestId('delivery-address')).toContainText('Ntinda, Kampala, Uganda');
    await expect(page.getByRole('radio', { name: new RegExp(w.cash) })).toBeChecked();
    await expectNoEnglish(page);
    await shoot(page, `checkout-${lang}`);

    await page.getByRole('button', { name: w.place }).click();
    await expect(page.getByText(w.placed)).toBeVisible();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop() ?? '';
    const orderNumber = orderId.slice(0, 8).toUpperCase();
    await expect(page.getByRole('heading', { name: `${w.order}${orderNumber}` })).toBeVisible();
    await expect(page.getByText(w.cash).first()).toBeVisible();
    await expectNoEnglish(page);
    await shoot(page, `order-${lang}`);

    await page.getByRole('link', { name: w.back }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { name: w.myOrders })).toBeVisible();
    const card = page.getByTestId('order-card').filter({ hasText: `${w.order}${orderNumber}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText(w.pending);
    await expectNoEnglish(page);
    await shoot(page, `orders-${lang}`);

    await page.goto('/account');
    await expect(page.getByRole('heading', { name: w.myAccount })).toBeVisible();
    await expect(page.getByRole('button', { name: w.save })).toBeVisible();
    await expectNoEnglish(page);
    await shoot(page, `account-${lang}`);

    // Cancelled in the same words, which also gives its stock back for the specs that follow.
    await page.goto(`/orders/${orderId}`);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: w.cancel }).click();
    await expect(page.getByText(w.cancelled).first()).toBeVisible();
  });
}
