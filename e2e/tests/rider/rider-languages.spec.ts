/**
 * The rider app in Luganda and in Swahili: a delivery from sign-in to the photo, with the order
 * placed and assigned through the real endpoints as in rider-delivery.spec.ts. The rider's own
 * labels must show translated from the first screen on, never in English first (the rider catalog
 * loads with the screens), and nothing may overflow a 360 px phone.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { assignDemoRider, placeDemoOrder, signedInRequest } from '../../support/orders';
import { appTookOver, demo, DEMO_PASSWORD } from '../../support/session';

test.use({ viewport: { width: 360, height: 800 } });

const photo = readFileSync(new URL('../../fixtures/delivery-photo.jpg', import.meta.url));

/** The rider's own English labels on the dashboard and order screen; none may show in lg or sw. */
const ENGLISH = [
  'Active Deliveries',
  "Today's Earnings",
  "Today's Deliveries",
  'Go Offline',
  'Go Online',
  'You are online',
  'New Order',
  'In Progress',
  'Navigate',
  'Drop-off',
  'Dashboard',
  'Earnings',
  'Profile',
  'Confirm Pickup',
  'Complete Delivery',
  'Pickup location',
  'Delivery location',
  'Call Customer',
  'Order Placed',
  'Rider Assigned',
  'Not yet',
  'Order #',
  'Sign In',
];

const WORDS = {
  lg: {
    password: 'Ekigambo ekyekusifu',
    signIn: 'Yingira',
    active: 'Ebitwalibwa kati',
    newOrder: 'Oda mpya',
    order: 'Oda #',
    confirmPickup: 'Kakasa nti okimye',
    inProgress: 'Egenda mu maaso',
    completeDelivery: 'Maliriza okutuusa',
    proof: "Obukakafu bw'okutuusa",
    pickupLocation: "Ekifo w'okima",
    dashboard: 'Awaka',
    profile: 'Pulofayiro',
    online: 'Ku layini',
  },
  sw: {
    password: 'Nenosiri',
    signIn: 'Ingia',
    active: 'Uwasilishaji unaoendelea',
    newOrder: 'Oda mpya',
    order: 'Oda #',
    confirmPickup: 'Thibitisha uchukuaji',
    inProgress: 'Inaendelea',
    completeDelivery: 'Kamilisha uwasilishaji',
    proof: 'Uthibitisho wa uwasilishaji',
    pickupLocation: 'Mahali pa kuchukua',
    dashboard: 'Dashibodi',
    profile: 'Wasifu',
    online: 'Mtandaoni',
  },
} as const;

async function newAssignedOrder(baseURL: string) {
  const customer = await signedInRequest(baseURL, demo.customer);
  const admin = await signedInRequest(baseURL, demo.admin);
  const rider = await signedInRequest(baseURL, demo.rider);
  // A delivery an earlier spec left open keeps the rider "delivering", and only an online rider can
  // be given an order: finish it first.
  const { orders } = (await (await rider.get('/api/rider/orders')).json()) as { orders: { id: string; status: string }[] };
  for (const o of orders) {
    if (o.status === 'assigned') await rider.post(`/api/rider/orders/${o.id}/pickup`, { data: {} });
    const done = await rider.post(`/api/rider/orders/${o.id}/deliver`, {
      multipart: { photo: { name: 'delivery.jpg', mimeType: 'image/jpeg', buffer: photo } },
    });
    if (!done.ok()) throw new Error(`finishing an open delivery failed: ${done.status()} ${await done.text()}`);
  }
  // Online whatever an earlier test left: only an online rider can be given an order.
  const online = await rider.put('/api/rider/status', { data: { status: 'online' } });
  if (!online.ok()) throw new Error(`going online failed: ${online.status()} ${await online.text()}`);
  const orderId = await placeDemoOrder(customer);
  await assignDemoRider(admin, rider, orderId);
  await Promise.all([customer.dispose(), admin.dispose(), rider.dispose()]);
  return orderId;
}

/** Records, from the page's first byte, every English rider label that ever appears on screen. */
async function watchForEnglish(page: Page) {
  await page.addInitScript((labels: string[]) => {
    const seen = new Set<string>();
    (window as unknown as { englishSeen: Set<string> }).englishSeen = seen;
    const check = () => {
      const text = document.body?.innerText ?? '';
      for (const l of labels) if (text.includes(l)) seen.add(l);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  }, ENGLISH);
}
const englishSeen = (page: Page) => page.evaluate(() => [...(window as unknown as { englishSeen: Set<string> }).englishSeen]);

/** Nothing wider than the phone, and no text running out of its box (the bottom navigation's quarters, buttons). */
async function noOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('nav a, main button, main a')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.innerText),
  );
  expect(overflowing).toEqual([]);
}

for (const lang of ['lg', 'sw'] as const) {
  const w = WORDS[lang];
  test(`a rider delivers an order in ${lang}`, async ({ page, baseURL }) => {
    await watchForEnglish(page);
    await page.goto(`/rider/login?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // The server renders the sign-in page with the rider texts too: the app takes it over as it is.
    await expect(page.locator('#root[data-ssr]')).toContainText(w.signIn);
    await appTookOver(page);
    await expect(page.locator('#root')).not.toHaveAttribute('data-hydration');
    await page.getByLabel(lang === 'lg' ? 'Email' : 'Barua pepe').fill(demo.rider);
    await page.getByLabel(w.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: w.signIn, exact: true }).click();
    await expect(page.getByRole('heading', { name: w.active, exact: true })).toBeVisible();

    const orderId = await newAssignedOrder(baseURL!);
    // A fresh start of the page (rider-delivery.spec.ts covers the order arriving live): the rider
    // catalog must load with the screens again, from the language cookie the address set.
    await page.reload();
    const card = page.getByTestId('rider-order-card').filter({ hasText: `${w.order}${orderId.slice(-6).toUpperCase()}` });
    await expect(card).toBeVisible();
    await expect(card.getByText(w.newOrder)).toBeVisible();
    await expect(page.getByTestId('rider-status')).toHaveText(w.online);
    await noOverflow(page);
    await page.screenshot({ path: `test-results/rider-${lang}-dashboard.png`, fullPage: true });

    await card.getByRole('link').first().click();
    await expect(page.getByText(w.pickupLocation)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(lang === 'lg' ? '^Okutuusa' : '^Uwasilishaji'));
    await noOverflow(page);
    await page.screenshot({ path: `test-results/rider-${lang}-order.png`, fullPage: true });
    await page.getByRole('button', { name: w.confirmPickup }).click();
    await expect(page.getByText(w.inProgress)).toBeVisible();
    await expect(page.getByRole('button', { name: w.completeDelivery })).toBeVisible();
    await page.getByTestId('delivery-photo-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByAltText(w.proof)).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: `test-results/rider-${lang}-delivered.png`, fullPage: true });

    await page.getByRole('link', { name: w.dashboard }).first().click();
    await expect(page.getByRole('heading', { name: w.active, exact: true })).toBeVisible();
    expect(await englishSeen(page)).toEqual([]);

    // The switch on the profile screen: the other language, kept for the next visit.
    const other = lang === 'lg' ? 'sw' : 'lg';
    await page.getByRole('link', { name: w.profile }).click();
    await expect(page.getByRole('heading', { name: w.profile })).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: `test-results/rider-${lang}-profile.png`, fullPage: true });
    await page.getByTestId('language-switcher').selectOption(other);
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.getByRole('heading', { name: WORDS[other].profile })).toBeVisible();
    await page.goto('/rider');
    await expect(page.getByRole('heading', { name: WORDS[other].active, exact: true })).toBeVisible();
  });
}
