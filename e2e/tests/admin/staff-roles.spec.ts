/**
 * Staff roles in the back office: a Dispatcher sees only their screens and is told, not crashed,
 * when they open another one by its address; a staff member sets up an authenticator app and then
 * signs in with its code.
 */
import { expect, type Page, request, test } from '@playwright/test';
import { signedInRequest } from '../../support/orders';
import { demo, signInByApi, uniqueAccount } from '../../support/session';
import { totpCode } from '../../support/totp';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a Dispatcher sees only what their role may use (${viewport.width}px)`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    await signInByApi(page, demo.dispatcher);
    // No dashboard for this role: the back office opens at its first screen.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByText('Dispatcher', { exact: true })).toBeVisible();

    if (viewport.width < 1024) await page.getByRole('button', { name: 'Open admin menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Admin' }).last();
    for (const allowed of ['All Orders', 'Customers', 'Dispatch', 'Zones', 'Sign-in Security'])
      await expect(nav.getByRole('link', { name: allowed, exact: true })).toBeVisible();
    for (const hidden of ['Dashboard', 'All Products', 'Settings', 'Sales', 'Cash', 'Riders', 'Staff & Roles'])
      await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    await shot(page, `dispatcher-nav-${viewport.width}`);
    if (viewport.width < 1024) await page.keyboard.press('Escape');

    // A page of another role, by its address: a clear refusal with a way back.
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(page.getByText('Your role (Dispatcher) does not include this part of the back office.')).toBeVisible();
    await shot(page, `dispatcher-no-access-${viewport.width}`);
    await page.getByRole('link', { name: 'Go to my back office' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await ctx.close();
  });
}

test('a staff member sets up an authenticator app, then signs in with its code', async ({ browser, baseURL }) => {
  // A new person each run: the set-up stays on their account.
  const { email, phone } = uniqueAccount();
  const password = 'secret123';
  const anon = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await anon.post('/api/auth/sign-up', { data: { fullName: 'Esther Nambi', phone, email, password } })).ok()).toBe(true);
  const owner = await signedInRequest(baseURL!, demo.admin);
  expect((await owner.put('/api/admin/staff', { data: { email, roleId: 'accountant' } })).ok()).toBe(true);

  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  await signInByApi(page, email, password);
  await page.goto('/admin/reports/sales');
  // Offered, not forced, in the demo.
  await page.getByRole('link', { name: 'Set up two-step sign-in' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add this account to an authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await page.getByLabel('Code').fill('123');
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await shot(page, 'two-factor-setup-1366');
  await page.getByLabel('Code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByRole('heading', { name: 'Save your backup codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  await shot(page, 'two-factor-backup-codes-1366');
  await ctx.close();

  // Signing in again: the password, then the app's code.
  const phoneCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const p2 = await phoneCtx.newPage();
  await p2.goto('/');
  await p2.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = p2.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByLabel('Authentication code')).toBeVisible();
  await dialog.getByLabel('Authentication code').fill('000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText(/That code is not right/)).toBeVisible();
  await shot(p2, 'two-factor-sign-in-390');
  await dialog.getByLabel('Authentication code').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(p2.getByText('Welcome back, Esther!')).toBeVisible();
  await p2.goto('/admin/security');
  await expect(p2.getByText('Signing in asks for a code from your authenticator app after your password.')).toBeVisible();
  await phoneCtx.close();
  await anon.dispose();
  await owner.dispose();
});

test('the demo Owner manages staff roles', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  await signInByApi(page, demo.admin);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await expect(page.getByTestId('staff-row').filter({ hasText: demo.dispatcher })).toBeVisible();
  const run = Date.now().toString(36).slice(-4);
  await page.getByRole('button', { name: 'New Role' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create Role' }).click();
  await expect(dialog.getByText('Choose at least one permission')).toBeVisible();
  await dialog.getByLabel('Role name').fill(`Night desk ${run}`);
  await dialog.getByLabel('See orders and their history').check();
  await dialog.getByLabel('Give refunds').check();
  await shot(page, 'staff-role-dialog-1366');
  await dialog.getByRole('button', { name: 'Create Role' }).click();
  await expect(page.getByText(`Night desk ${run} was created`)).toBeVisible();
  const role = page.getByTestId('staff-role').filter({ hasText: `Night desk ${run}` });
  await expect(role.getByText('Give refunds')).toBeVisible();
  await shot(page, 'staff-screen-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'staff-screen-390');
  await role.getByRole('button', { name: `Delete Night desk ${run}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Night desk ${run} was deleted`)).toBeVisible();
  await ctx.close();
});
