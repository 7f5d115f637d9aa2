/** axe on the busiest back-office screens: no serious or critical violation. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { adminPage } from './admin-session';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`admin screens at ${viewport.width}px`, () => {
    for (const [path, ready] of [
      ['/admin', /^Top products$/],
      ['/admin/products', /^Classic Beef Sausages 500g$/],
      // On a phone the filters fold under one button.
      ['/admin/orders', /^(No orders found|All Statuses|Filters|Columns)$/],
      ['/admin/customers', /^(No customers found|Daniel Mugisha)$/],
      ['/admin/activity', /^(No activity yet|Everyone|Filters|Columns)$/],
    ] as const) {
      test(`${path} has no serious or critical violations`, async ({ browser }) => {
        const page = await adminPage(browser, viewport);
        await page.goto(path);
        await expect(page.getByText(ready).filter({ visible: true }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        // The toaster is left out: a toast for a notification that lands mid-scan (another test's order
        // still moving on the server) is measured while it fades in, at part of its opacity.
        const { violations } = await new AxeBuilder({ page }).withTags(wcag).exclude('[data-sonner-toaster]').analyze();
        const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        await page.screenshot({ path: `test-results/admin-${path.replaceAll('/', '_')}-${viewport.width}.png`, fullPage: true });
        await page.context().close();
      });
    }
  });
}
