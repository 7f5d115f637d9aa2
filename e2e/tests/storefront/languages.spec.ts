/**
 * The storefront in each of the shop's languages: the server renders the page in the language asked
 * for (`?lang=`, kept as the `lang` cookie) or chosen before (the cookie), names it in `<html lang>`,
 * and the browser loads exactly that language's texts before it takes the page over, so the first
 * render matches and nothing is drawn again. The switcher keeps a new choice and shows the page in it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';

const TEXTS = {
  en: { delivery: 'Same-day delivery across Kampala', add: 'Add to Cart', signIn: 'Sign In' },
  lg: { delivery: 'Tutuusa ku lunaku lwe lumu mu Kampala yonna', add: 'Teeka mu kibbo', signIn: 'Yingira' },
  sw: { delivery: 'Tunafikisha siku hiyo hiyo Kampala yote', add: 'Weka kikapuni', signIn: 'Ingia' },
} as const;
type Lang = keyof typeof TEXTS;

const shots = path.resolve(import.meta.dirname, '../../../test-results/languages');

/** What the page fetched of the texts, and whatever React said about hydration. */
function watch(page: Page) {
  const catalogs: string[] = [];
  const hydrationMessages: string[] = [];
  page.on('request', (r) => {
    const m = /\/assets\/(messages-[a-z-]+)-[\w-]+\.js$/.exec(new URL(r.url()).pathname);
    if (m) catalogs.push(m[1]!);
  });
  page.on('console', (msg) => {
    if ((msg.type() === 'error' || msg.type() === 'warning') && /hydrat|did not match|#418|#423|#425/i.test(msg.text()))
      hydrationMessages.push(msg.text());
  });
  page.on('pageerror', (err) => hydrationMessages.push(err.message));
  return { catalogs, hydrationMessages };
}

async function takenOver(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('data-pending');
  return page.locator('#root').getAttribute('data-hydration');
}

async function checkPage(page: Page, context: BrowserContext, lang: Lang, url: string, shot: string) {
  const texts = TEXTS[lang];
  // The server's HTML, before any of the app's code has run.
  const html = await (await page.request.get(url)).text();
  expect(html).toContain(`<html lang="${lang}">`);
  const markup = html.slice(html.indexOf('<div id="root" data-ssr'));
  expect(markup).toContain(texts.delivery);
  expect(markup).toContain(`>${texts.add}<`);

  const seen = watch(page);
  await page.goto(url);
  expect(await takenOver(page)).toBeNull();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByText(texts.delivery)).toBeVisible();
  await expect(page.getByRole('button', { name: texts.signIn, exact: true })).toBeVisible();
  const add = page.getByTestId('product-card').getByRole('button', { name: new RegExp(`^${texts.add}: `) });
  await expect(add.first()).toBeVisible();
  await expect(add.first()).toHaveText(texts.add);
  await page.waitForLoadState('networkidle');
  expect(seen.hydrationMessages).toEqual([]);
  expect(seen.catalogs).toEqual([`messages-storefront-${lang}`]);
  // The choice is kept for the pages that follow.
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe(lang);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, shot) });
  // And the first row of cards, with their buttons.
  await page.getByTestId('product-card').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, shot.replace('.png', '-cards.png')) });
}

test.describe('the listing in each language, at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const lang of Object.keys(TEXTS) as Lang[]) {
    test(`${lang}, asked for on the address`, async ({ page, context }) => {
      await checkPage(page, context, lang, `/products?lang=${lang}`, `products-${lang}-360.png`);
    });

    test(`${lang}, chosen before (cookie)`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
      await checkPage(page, context, lang, '/products', `products-${lang}-cookie-360.png`);
    });
  }
});

test('the switcher shows the page in the chosen language, and keeps it', async ({ page, context }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/products');
  expect(await takenOver(page)).toBeNull();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('sw');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByText(TEXTS.sw.delivery)).toBeVisible();
  expect(await takenOver(page)).toBeNull();
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('sw');
  // The label is in the page's language now.
  await page.getByRole('combobox', { name: 'Lugha' }).selectOption('en');
  await expect(page.getByText(TEXTS.en.delivery)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
