/**
 * A rider who signs up on their own waits for an admin: the rider app shows "Waiting for approval"
 * (nothing else) and cannot go online; once an admin approves them the rider app opens on the dashboard.
 */
import { expect, test } from '@playwright/test';
import { signedInRequest } from '../../support/orders';
import { demo, uniqueAccount } from '../../support/session';

const SHOTS = 'test-results/rider-approval';

test.setTimeout(180_000);

test('a self-registered rider waits, an admin approves them, and the rider app opens', async ({ browser, baseURL }) => {
  const { email, phone } = uniqueAccount();
  const riderCtx = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const rider = await riderCtx.newPage();
  await rider.goto('/rider/login');
  await rider.getByRole('tab', { name: 'Create Account' }).click();
  await rider.getByLabel('Full Name').fill('Grace Namuli');
  await rider.getByLabel('Phone Number').fill(phone);
  await rider.getByLabel('Email').fill(email);
  await rider.getByLabel('Password', { exact: true }).fill('secret123');
  await rider.getByRole('button', { name: 'Create Account' }).click();

  await expect(rider.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible({ timeout: 30_000 });
  await expect(rider.getByText(/Thanks for signing up, Grace/)).toBeVisible();
  // Nothing of the working app: no availability switch, no navigation to orders or cash.
  await expect(rider.getByRole('button', { name: 'Go Online' })).toHaveCount(0);
  await expect(rider.getByRole('navigation', { name: 'Rider' })).toHaveCount(0);
  await rider.screenshot({ path: `${SHOTS}/waiting-390.png`, fullPage: true });
  await rider.setViewportSize({ width: 1280, height: 800 });
  await rider.screenshot({ path: `${SHOTS}/waiting-1280.png`, fullPage: true });
  await rider.setViewportSize({ width: 390, height: 844 });

  // The admin approves (the Riders screen's Approve button calls this route).
  const admin = await signedInRequest(baseURL!, demo.admin);
  const riders = (await (await admin.get('/api/admin/riders')).json()) as { id: string; email: string; approval?: string }[];
  const me = riders.find((r) => r.email === email)!;
  expect((await admin.post(`/api/admin/riders/${me.id}/approve`, { data: {} })).ok()).toBe(true);
  await admin.dispose();

  await rider.reload();
  await expect(rider.getByTestId('rider-status')).toHaveText('Offline');
  await rider.getByRole('button', { name: 'Go Online' }).click();
  await expect(rider.getByTestId('rider-status')).toHaveText('Online');
  await rider.getByRole('button', { name: 'Go Offline' }).click();
  await expect(rider.getByTestId('rider-status')).toHaveText('Offline');
  await riderCtx.close();
});
