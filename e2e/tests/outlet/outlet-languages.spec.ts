/**
 * The outlet portal in Luganda and in Swahili: the demo outlet employee signs in on the storefront,
 * opens the portal, finds a new order and marks it ready for pickup. The portal's own words must show
 * translated from its first screen on (the outlet catalog loads with the screens), and its main
 * screens must fit a 360 px phone.
 */
import { expect, type Page, test } from '@playwright/test';
import { placeDemoOrder, signedInRequest } from '../../support/orders';
import { appTookOver, demo, DEMO_PASSWORD } from '../../support/session';

test.use({ viewport: { width: 1280, height: 900 } });

/** Beside the demo outlet employee's outlet (Bwaise Factory Shop), so the order is packed there. */
const BESIDE_THE_OUTLET = { lat: 0.3565, lng: 32.5583 };

/** The portal's own English words; none may show in lg or sw. */
const ENGLISH = [
  "Today's Orders",
  "Today's Revenue",
  'Requires attention',
  'Recent Orders',
  'Revenue Trend',
  'Staff Management',
  'Rider Cash',
  'All statuses',
  'View Details',
  'Mark Ready for Pickup',
  'Print Packing Slip',
  'Customer & delivery',
  'Subtotal',
  'Timeline',
  'Order Placed',
  'Ready for pickup',
  'Sign Out',
];

const WORDS = {
  lg: {
    signIn: 'Yingira',
    portal: "Omulyango gw'edduuka",
    dashboard: 'Awaka',
    todayOrders: 'Oda za leero',
    orders: 'Oda',
    search: 'Noonya oda',
    viewDetails: 'Laba ebikwatako',
    order: 'Oda #',
    markReady: 'Teeka nti yeetegese okukimibwa',
    markedReady: 'Oda eteereddwa nti yeetegese okukimibwa',
    ready: 'Yeetegese',
    stock: 'Sitooka',
    cash: "Ssente z'abavuzi",
    signOut: 'Fuluma',
  },
  sw: {
    signIn: 'Ingia',
    portal: 'Lango la Duka',
    dashboard: 'Dashibodi',
    todayOrders: 'Oda za leo',
    orders: 'Oda',
    search: 'Tafuta oda',
    viewDetails: 'Ona maelezo',
    order: 'Oda #',
    markReady: 'Weka tayari kuchukuliwa',
    markedReady: 'Oda imewekwa tayari kuchukuliwa',
    ready: 'Tayari kuchukuliwa',
    stock: 'Akiba',
    cash: 'Pesa za waendeshaji',
    signOut: 'Toka',
  },
} as const;

/** Records, from the page's first byte, every English portal word that ever appears on screen. */
async function watchForEnglish(page: Page) {
  await page.addInitScript((words: string[]) => {
    const seen = new Set<string>();
    (window as unknown as { englishSeen: Set<string> }).englishSeen = seen;
    const check = () => {
      if (!location.pathname.startsWith('/outlet')) return;
      const text = document.body?.innerText ?? '';
      for (const w of words) if (text.includes(w)) seen.add(w);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  }, ENGLISH);
}
const englishSeen = (page: Page) => page.evaluate(() => [...(window as unknown as { englishSeen: Set<string> }).englishSeen]);

/** Nothing wider than the phone, and no button or link text running out of its box. */
async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main a, header button')]
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.innerText),
  );
  expect(overflowing).toEqual([]);
}

for (const lang of ['lg', 'sw'] as const) {
  const w = WORDS[lang];
  test(`an outlet employee marks an order ready in ${lang}`, async ({ page, baseURL }) => {
    const customer = await signedInRequest(baseURL!, demo.customer);
    const orderId = await placeDemoOrder(customer, 'cash_on_delivery', BESIDE_THE_OUTLET);
    await customer.dispose();
    const short = orderId.slice(-6).toUpperCase();

    await watchForEnglish(page);
    await page.goto(`/?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await appTookOver(page);
    await page.getByRole('banner').getByRole('button', { name: w.signIn, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="email"]').fill(demo.outlet);
    await dialog.locator('input[type="password"]').fill(DEMO_PASSWORD);
    await dialog.locator('button[type="submit"]').click();
    await page.getByRole('banner').getByRole('link', { name: w.portal }).click();

    await expect(page).toHaveURL(/\/outlet$/);
    await expect(page.getByRole('heading', { name: w.dashboard, level: 1 })).toBeVisible();
    await expect(page.getByText(w.todayOrders, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${w.dashboard}`));
    await page.screenshot({ path: `test-results/outlet-${lang}-dashboard-desktop.png`, fullPage: true });

    const nav = page
      .getByRole('navigation')
      .filter({ has: page.getByRole('link', { name: w.stock }) })
      .first();
    await nav.getByRole('link', { name: w.orders, exact: true }).click();
    await expect(page).toHaveURL(/\/outlet\/orders$/);
    await page.getByRole('searchbox', { name: w.search }).fill(short);
    const row = page.getByRole('row').filter({ hasText: `#${short}` });
    await expect(row).toBeVisible();
    await page.screenshot({ path: `test-results/outlet-${lang}-orders-desktop.png`, fullPage: true });
    await row.getByRole('link', { name: w.viewDetails }).click();

    await expect(page.getByRole('heading', { name: `${w.order}${short}` })).toBeVisible();
    await page.screenshot({ path: `test-results/outlet-${lang}-order-desktop.png`, fullPage: true });
    await page.getByRole('button', { name: w.markReady }).click();
    await expect(page.getByText(w.markedReady)).toBeVisible();
    await expect(page.getByText(w.ready, { exact: true }).first()).toBeVisible();
    expect(await englishSeen(page)).toEqual([]);

    // The main screens on a phone.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await expect(page.getByRole('heading', { name: `${w.order}${short}` })).toBeVisible();
    // A fresh load of a portal screen: the server's render (with the outlet texts) is taken over as it is.
    await appTookOver(page);
    await expect(page.locator('#root')).not.toHaveAttribute('data-hydration');
    await fitsThePhone(page);
    await page.screenshot({ path: `test-results/outlet-${lang}-order-360.png`, fullPage: true });
    for (const [screen, path] of [
      ['dashboard', '/outlet'],
      ['orders', '/outlet/orders'],
      ['stock', '/outlet/stock'],
      ['cash', '/outlet/cash'],
      ['staff', '/outlet/staff'],
      ['settings', '/outlet/settings'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('main .animate-pulse')).toHaveCount(0);
      await fitsThePhone(page);
      await page.screenshot({ path: `test-results/outlet-${lang}-${screen}-360.png`, fullPage: true });
      await page.screenshot({ path: `test-results/outlet-${lang}-${screen}-360-top.png` });
    }
    expect(await englishSeen(page)).toEqual([]);

    await page.getByRole('button', { name: w.signOut }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });
}
