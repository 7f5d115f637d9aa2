/** Employees > Roles: an admin adds, renames and deletes a role; a role in use cannot be deleted. */
import { expect, type Page, test } from '@playwright/test';
import { demo, signInByApi } from '../../support/session';

/** Closes the toast (bottom-right): it sits over the last rows' buttons, and a pointer over it pauses its timer. */
async function closeToast(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await toast.getByRole('button', { name: /close/i }).click();
  await expect(toast).toHaveCount(0);
}

test('an admin manages employee roles', async ({ page }) => {
  // A retry runs against the same database, so this run's roles get names of their own.
  const run = Date.now().toString(36).slice(-4);
  const first = `Supervisor ${run}`;
  const renamed = `Shift Supervisor ${run}`;
  await signInByApi(page, demo.admin);
  await page.goto('/admin/employees/roles');
  // The demo outlet employee is a Manager, so that role cannot be deleted.
  await expect(page.getByRole('button', { name: 'Delete Manager' })).toBeDisabled();

  await page.getByLabel('Role name').fill(first);
  await page.getByRole('button', { name: 'Add Role' }).click();
  await expect(page.getByText('Role created successfully')).toBeVisible();
  await expect(page.getByText(first, { exact: true })).toBeVisible();
  await closeToast(page, 'Role created successfully');

  await page.getByLabel('Role name').fill('cashier');
  await page.getByRole('button', { name: 'Add Role' }).click();
  await expect(page.getByText('A role with this name already exists')).toBeVisible();

  await page.getByRole('button', { name: `Rename ${first}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Role name').fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role updated successfully')).toBeVisible();
  await expect(page.getByText(renamed, { exact: true })).toBeVisible();
  await closeToast(page, 'Role updated successfully');

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Role deleted successfully')).toBeVisible();
  await expect(page.getByText(renamed, { exact: true })).toHaveCount(0);
});
