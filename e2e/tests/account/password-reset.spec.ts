/**
 * Forgot password: from the sign-in dialog to the emailed link (read from the admin's outbox, where
 * the shop keeps emails when no SMTP server is set), a new password, and signing in with it.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demo, uniqueAccount } from '../../support/session';

/** The newest reset link emailed to `email`, as the admin's outbox shows it (`admin`: its own cookies). */
async function resetLinkFor(admin: APIRequestContext, email: string) {
  expect((await admin.post('/api/auth/sign-in', { data: { email: demo.admin, password: DEMO_PASSWORD } })).ok()).toBe(true);
  let link = '';
  await expect
    .poll(async () => {
      const res = await admin.get('/api/admin/messages?channel=email');
      const { messages } = (await res.json()) as { messages: { recipient: string; event: string; body: string }[] };
      const mail = messages.find((m) => m.recipient === email && m.event === 'password_reset');
      link = /http\S+\/reset-password\?token=[\w-]+/.exec(mail?.body ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

test('a customer who forgot their password gets a link, chooses a new one and signs in with it', async ({ page, request }) => {
  // Two sign-ins, a reset and a password hash each way: give a busy machine room.
  test.slow();
  const { email, phone } = uniqueAccount();
  const created = await page.request.post('/api/auth/sign-up', {
    data: { fullName: 'Brenda Auma', phone, email, password: 'old-secret1' },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = await resetLinkFor(request, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('new-secret1');
  await page.getByLabel('Type it again').fill('new-secret1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('new-secret1');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back, Brenda!')).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password').fill('third-secret1');
  await page.getByLabel('Type it again').fill('third-secret1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'invalid, already used or expired' })).toBeVisible();
});
