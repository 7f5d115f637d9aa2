/** Employees > Roles (issue 9, item 7): an admin adds, renames and deletes a role; a role in use cannot be deleted. */
import { expect, test } from '@playwright/test';
import { demo, signInByApi } from '../../support/session';

test('an admin manages employee roles', async ({ page }) => {
  await signInByApi(page, demo.admin);
  await page.goto('/admin/employees/roles');
  // The demo outlet employee is a Manager, so that role cannot be deleted.
  await expect(page.getByRole('button', { name: 'Delete Manager' })).toBeDisabled();

  await page.getByLabel('Role name').fill('Supervisor');
  await page.getByRole('button', { name: 'Add Role' }).click();
  await expect(page.getByText('Role created successfully')).toBeVisible();
  await expect(page.getByText('Supervisor', { exact: true })).toBeVisible();

  await page.getByLabel('Role name').fill('cashier');
  await page.getByRole('button', { name: 'Add Role' }).click();
  await expect(page.getByText('A role with this name already exists')).toBeVisible();

  await page.getByRole('button', { name: 'Rename Supervisor' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Role name').fill('Shift Supervisor');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role updated successfully')).toBeVisible();
  await expect(page.getByText('Shift Supervisor', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Shift Supervisor' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Role deleted successfully')).toBeVisible();
  await expect(page.getByText('Shift Supervisor', { exact: true })).toHaveCount(0);
});
