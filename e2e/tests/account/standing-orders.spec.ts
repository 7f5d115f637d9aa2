/**
 * Standing orders in the browser: the owner of an approved business sets one up for tomorrow's
 * weekday, skips and restores a later delivery, then the shop's cut-off is moved just behind the
 * clock and the server's own job (every 3 s in browser tests) places tomorrow's delivery: it shows
 * locked with its order, the order is among the business's orders, and the owner is emailed.
 * Screenshots at 360 and 1280 px go to test-results/standing-orders.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signedInRequest } from '../../support/orders';
import { appTookOver, demo, uniqueAccount } from '../../support/session';
import { adminPage } from '../admin/admin-session';

const SHOTS = 'test-results/standing-orders';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const KAMPALA_MS = 3 * 3600_000;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function shots(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** "HH:MM" of an instant, Kampala time. */
const kampalaClock = (at: number) => new Date(at + KAMPALA_MS).toISOString().slice(11, 16);

test('a business sets up a standing order and the shop places it at the cut-off', async ({ browser, baseURL }) => {
  test.slow();
  const owner = uniqueAccount();
  const business = `Acacia Kitchen ${Date.now().toString(36)}`;
  const admin = await signedInRequest(baseURL!, demo.admin);
  const before = (await (await admin.get('/api/admin/settings')).json()) as { deliveryDays: number[]; standingOrderCutoff: string };

  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { origin: baseURL! } });
  const page = await ctx.newPage();
  try {
    // An approved business, set up through the API (the application itself has its own spec).
    const signUp = await page.request.post('/api/auth/sign-up', {
      data: { fullName: 'Ruth Achieng', phone: owner.phone, email: owner.email, password: 'secret-pass1' },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    await page.request.post('/api/auth/sign-in', { data: { email: owner.email, password: 'secret-pass1' } });
    const applied = await page.request.post('/api/account/trade/apply', {
      data: {
        businessName: business,
        tin: '1002003005',
        address: 'Ntinda Road, Kampala',
        lat: 0.3545,
        lng: 32.6155,
        contactName: 'Ruth Achieng',
        contactPhone: owner.phone,
        weeklyVolume: '2m_10m',
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const accountId = ((await applied.json()) as { account: { id: string } }).account.id;
    expect((await admin.post(`/api/admin/trade/accounts/${accountId}/approve`, { data: { tierId: 'restaurant' } })).status()).toBe(200);
    // Every day a delivery day, so tomorrow's weekday is always one; the cut-off stays ahead until set up.
    expect((await admin.put('/api/admin/settings', { data: { deliveryDays: [0, 1, 2, 3, 4, 5, 6] } })).status()).toBe(200);

    const products = (await (await page.request.get('/api/products')).json()) as {
      products: { id: string; name: string; stock: number }[];
    };
    const product = products.products.find((p) => p.stock > 10)!;
    const tomorrow = new Date(Date.now() + KAMPALA_MS + 86_400_000);
    const tomorrowDate = tomorrow.toISOString().slice(0, 10);
    const weekday = WEEKDAYS[tomorrow.getUTCDay()]!;

    await page.goto('/account/trade');
    await appTookOver(page);
    await page.getByRole('link', { name: /Standing orders/ }).click();
    await expect(page.getByRole('heading', { name: 'No standing orders yet' })).toBeVisible();
    await shots(page, 'empty');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'New standing order' }).click();
    await page.getByLabel('Add a product').selectOption({ label: product.name });
    await page.getByRole('button', { name: `More ${product.name}` }).click();
    await expect(page.getByTestId('line-quantity')).toHaveValue('2');
    await page.getByRole('button', { name: weekday, exact: true }).click();
    await expect(page.getByRole('button', { name: weekday, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await shots(page, 'form');
    expect((await new AxeBuilder({ page }).withTags(WCAG).include('main').analyze()).violations).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Start standing order' }).click();

    const card = page.getByTestId('standing-order');
    await expect(card).toContainText(`Every ${weekday}`);
    await expect(card).toContainText(`${product.name}× 2`);
    // A later delivery can be skipped and restored until its cut-off.
    const later = card.getByTestId('occurrence').nth(1);
    await later.getByRole('button', { name: 'Skip' }).click();
    await expect(later).toContainText('Skipped');
    await shots(page, 'list');
    await page.setViewportSize({ width: 1280, height: 900 });
    await later.getByRole('button', { name: 'Undo' }).click();
    await expect(later).not.toContainText('Skipped');

    // The cut-off moves to the next whole minute (after the standing order was made); once the
    // clock passes it, tomorrow's delivery is due and the job places it.
    const nextMinute = Math.ceil((Date.now() + 1000) / 60_000) * 60_000;
    await page.waitForTimeout(nextMinute - Date.now() + 500);
    expect((await admin.put('/api/admin/settings', { data: { standingOrderCutoff: kampalaClock(nextMinute) } })).status()).toBe(200);

    const tomorrowRow = card.locator(`[data-testid="occurrence"][data-date="${tomorrowDate}"]`);
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await tomorrowRow.textContent()) ?? '';
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toContain('Order #');
    await expect(tomorrowRow).toContainText('Placed');
    await expect(tomorrowRow.getByRole('button', { name: 'Skip' })).toHaveCount(0);
    const orderNumber = /#([A-F0-9]{8})/.exec((await tomorrowRow.textContent()) ?? '')![1]!;
    await shots(page, 'placed');
    expect((await new AxeBuilder({ page }).withTags(WCAG).include('main').analyze()).violations).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The order is the business's, and the owner was told.
    await page.goto('/account/trade');
    await expect(page.getByTestId('trade-orders')).toContainText(`#${orderNumber}`);
    const mails = (await (await admin.get('/api/admin/messages?channel=email')).json()) as {
      messages: { recipient: string; event: string; subject: string }[];
    };
    const mail = mails.messages.find((m) => m.recipient === owner.email && m.event === 'standing_order_placed');
    expect(mail?.subject).toContain(`(#${orderNumber})`);

    // Admin sees the account's standing orders and the run, read-only, and the cut-off setting.
    const adminTab = await adminPage(browser, { width: 1280, height: 900 });
    await adminTab.goto('/admin/trade');
    await adminTab.getByLabel('Show').selectOption({ label: 'All' });
    await adminTab.getByRole('row').filter({ hasText: business }).getByRole('button', { name: 'Open' }).click();
    const dialog = adminTab.getByRole('dialog');
    await expect(dialog.getByTestId('admin-standing-orders')).toContainText(`#${orderNumber}`);
    await expect(dialog.getByTestId('admin-standing-orders')).toContainText('Placed');
    await dialog.getByTestId('admin-standing-orders').scrollIntoViewIfNeeded();
    await shots(adminTab, 'admin-account');
    await adminTab.goto('/admin/settings');
    await expect(adminTab.getByLabel('Cut-off, the day before')).toHaveValue(kampalaClock(nextMinute));
    await adminTab.context().close();
  } finally {
    await admin.put('/api/admin/settings', {
      data: { deliveryDays: before.deliveryDays, standingOrderCutoff: before.standingOrderCutoff },
    });
    await admin.dispose();
    await ctx.close();
  }
});
