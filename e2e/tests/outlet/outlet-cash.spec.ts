/**
 * Riders' cash at the outlet: the manager records a hand-over and corrects a wrong one with a
 * reversing entry and a reason (never an edit); other outlet staff see the cash but no buttons.
 */
import { expect, test } from '@playwright/test';
import { signedInRequest } from '../../support/orders';
import { demo, signInByApi, uniqueAccount } from '../../support/session';

const SHOTS = 'test-results/outlet-cash';
const toast = (page: import('@playwright/test').Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('the manager records a hand-over and reverses a wrong one with a reason', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, demo.outlet);
  await page.goto('/outlet/cash');
  const card = page.getByTestId('rider-cash').filter({ hasText: 'Brian' }).first();
  await card.getByRole('button', { name: /Record Hand-over from/ }).click();
  await page.getByLabel('Amount received (UGX)').fill('75000');
  await page.getByLabel('Note (optional)').fill('Counted twice by mistake');
  await page.getByRole('button', { name: 'Record Hand-over', exact: true }).click();
  await expect(toast(page, 'Hand-over recorded')).toBeVisible();

  const expand = card.getByRole('button', { expanded: false }).first();
  if (await expand.isVisible()) await expand.click();
  const line = card.getByTestId('cash-handover').filter({ hasText: 'UGX 75,000' }).first();
  await line.getByRole('button', { name: /Reverse hand-over of UGX 75,000/ }).click();
  await expect(page.getByRole('heading', { name: 'Reverse hand-over' })).toBeVisible();
  await page.getByRole('button', { name: 'Reverse Hand-over' }).click();
  await expect(page.getByText('Please say why this hand-over is wrong')).toBeVisible();
  await page.getByLabel('Reason').fill('Typed 75,000 instead of 7,500');
  await page.screenshot({ path: `${SHOTS}/reverse-dialog-1280.png` });
  await page.getByRole('button', { name: 'Reverse Hand-over' }).click();
  await expect(toast(page, 'Hand-over reversed')).toBeVisible();

  await expect(card.getByTestId('cash-reversal').filter({ hasText: 'Typed 75,000 instead of 7,500' })).toBeVisible();
  await expect(line.getByText('Reversed')).toBeVisible();
  await expect(line.getByRole('button', { name: /Reverse hand-over/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/reversed-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/reversed-390.png`, fullPage: true });
});

test('outlet staff who are not the manager see the cash but cannot record or reverse', async ({ page, baseURL }) => {
  const admin = await signedInRequest(baseURL!, demo.admin);
  const employees = (await (await admin.get('/api/admin/employees')).json()) as { email: string; outlet: { id: string } }[];
  const outletId = employees.find((e) => e.email === demo.outlet)!.outlet.id;
  const { roles } = (await (await admin.get('/api/admin/roles')).json()) as { roles: { id: number; name: string }[] };
  const cashierRole = roles.find((r) => r.name === 'Cashier')!;
  const { email } = uniqueAccount();
  const created = await admin.post('/api/admin/employees', {
    data: { email, password: 'secret123', fullName: 'Joan Cashier', outletId, roleId: cashierRole.id },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await admin.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, email, 'secret123');
  await page.goto('/outlet/cash');
  await expect(page.getByText(/Only the outlet manager records a hand-over/)).toBeVisible();
  await expect(page.getByTestId('rider-cash').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Record Hand-over/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Reverse hand-over/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/cashier-390.png`, fullPage: true });
});
