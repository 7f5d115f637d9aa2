/** axe-core on the storefront's main screens: no serious or critical violation. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`home, listing and detail at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await serious(page)).toEqual([]);

    await page.goto('/products');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    expect(await serious(page)).toEqual([]);

    await page.getByTestId('product-card').first().getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
    expect(await serious(page)).toEqual([]);
  });
}
