/** Automated accessibility checks (axe, WCAG 2.1 A and AA) on the shell's main screens. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { demo, signInByApi } from '../support/session';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('home, account and the sign-in dialog have no violations', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(wcag).analyze()).violations).toEqual([]);

      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(wcag).analyze()).violations).toEqual([]);

      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(wcag).include('[role="dialog"]').analyze()).violations).toEqual([]);
    });

    test('the back office layout has no violations', async ({ page }) => {
      await signInByApi(page, demo.admin);
      await page.goto('/admin');
      await expect(page.getByText('Owner', { exact: true })).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(wcag).analyze()).violations).toEqual([]);
    });
  });
}
