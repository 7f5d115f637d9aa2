/**
 * The storefront in each of the shop's languages: the server renders the page in the language asked
 * for (`?lang=`, kept as the `lang` cookie) or chosen before (the cookie), names it in `<html lang>`,
 * and the browser loads exactly that language's texts before it takes the page over, so the first
 * render matches and nothing is drawn again. The switcher keeps a new choice and shows the page in it.
 * A shopper browses home, listing, product and cart in Luganda and Swahili; the content pages (home's
 * own sections, about) bring their own catalog, which the server renders with too.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { demoProducts } from '../../support/cart';
import { demo, signInByApi } from '../../support/session';

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

/** The words a shopper meets from home to cart, in the shell and on each page (engineer-written, see docs/glossary.md). */
const JOURNEY = {
  lg: {
    hero: "Ennyama ey'omutindo, etegekeddwa olw'emmeeza yo.",
    products: 'Ebintu',
    allProducts: 'Ebintu byonna',
    search: 'Noonya',
    description: 'Ennyinyonnyola',
    added: 'Kiteereddwa mu kibbo',
    cartLabel: /^Ekibbo, /,
    cart: "Ekibbo ky'okugula",
    checkout: 'Genda osasule',
    footer: "Enkolagana ez'amangu",
    about: 'Ebyafaayo byaffe',
  },
  sw: {
    hero: 'Nyama bora, iliyoandaliwa kwa meza yako.',
    products: 'Bidhaa',
    allProducts: 'Bidhaa zote',
    search: 'Tafuta',
    description: 'Maelezo',
    added: 'Imewekwa kikapuni',
    cartLabel: /^Kikapu, /,
    cart: 'Kikapu cha ununuzi',
    checkout: 'Endelea kulipa',
    footer: 'Viungo vya haraka',
    about: 'Historia yetu',
  },
} as const;

for (const lang of ['lg', 'sw'] as const) {
  test(`a customer browses home, listing, product and cart in ${lang}`, async ({ page }) => {
    const words = JOURNEY[lang];
    const [product] = (await demoProducts(page)).filter((p) => p.stock >= 10);
    await signInByApi(page, demo.customer);
    await page.setViewportSize({ width: 1280, height: 900 });
    const seen = watch(page);

    // Home: the shell's and the page's own words, both catalogs of the language and nothing else.
    await page.goto(`/?lang=${lang}`);
    expect(await takenOver(page)).toBeNull();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByText(TEXTS[lang].delivery)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: words.hero })).toBeVisible();
    await expect(page.getByRole('heading', { name: words.footer })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect([...seen.catalogs].sort()).toEqual([`messages-content-${lang}`, `messages-storefront-${lang}`]);

    // Listing, from the navigation bar.
    await page.locator('header').getByRole('link', { name: words.products, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: words.allProducts })).toBeVisible();
    await expect(page.getByRole('button', { name: words.search, exact: true })).toBeVisible();

    // Product page, from its card.
    await page.getByTestId('product-card').getByRole('link', { name: product!.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: words.description })).toBeVisible();
    await page.getByRole('button', { name: TEXTS[lang].add, exact: true }).click();
    await expect(page.getByText(words.added, { exact: true })).toBeVisible();

    // Cart, from the header's cart link (its label says how many, in the language).
    const cartLink = page.locator('header a[href="/cart"]');
    await expect(cartLink).toHaveAttribute('aria-label', words.cartLabel);
    await cartLink.click();
    await expect(page.getByRole('heading', { level: 1, name: words.cart })).toBeVisible();
    await expect(page.getByTestId('cart-line').getByRole('link', { name: product!.name })).toBeVisible();
    await expect(page.getByRole('link', { name: words.checkout })).toBeVisible();
    expect(seen.hydrationMessages).toEqual([]);
  });
}

test.describe('the storefront screens in Luganda and Swahili, at 360 px and on a desktop', () => {
  for (const lang of ['lg', 'sw'] as const) {
    test(`${lang}: home, listing, product, cart, about and the other content pages render and take over cleanly`, async ({ page }) => {
      const [product] = await demoProducts(page);
      await signInByApi(page, demo.customer);
      mkdirSync(shots, { recursive: true });
      const pages = {
        home: '/',
        products: '/products',
        product: `/products/${product!.id}`,
        cart: '/cart',
        about: '/about',
        // The other content pages: their catalog too is in the server's render and the browser's first one.
        discover: '/discover',
        recipes: '/discover/recipes',
        comingSoon: '/discover/coming-soon/blogs',
        certifications: '/certifications',
        contact: '/contact',
        privacy: '/privacy',
        terms: '/terms',
      };
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
        for (const [name, url] of Object.entries(pages)) {
          const seen = watch(page);
          await page.goto(`${url}?lang=${lang}`);
          expect(await takenOver(page), `${name} at ${width}`).toBeNull();
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page.getByText(TEXTS[lang].delivery)).toBeVisible();
          if (name === 'about') await expect(page.getByText(JOURNEY[lang].about).first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          expect(seen.hydrationMessages, `${name} at ${width}`).toEqual([]);
          // Nothing wider than the screen: a word too long for its box shows as a sideways scroll.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${name} at ${width}`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: path.join(shots, `${name}-${lang}-${width}.png`), fullPage: true });
          // Something in the cart, so its screen shows a line rather than the empty state.
          if (name === 'product' && width === 360) {
            await page.getByRole('button', { name: TEXTS[lang].add, exact: true }).click();
            await expect(page.locator('header a[href="/cart"]')).not.toHaveAttribute('aria-label', /^(Ekibbo, kyereere|Kikapu, tupu)$/);
          }
        }
      }
    });
  }
});
