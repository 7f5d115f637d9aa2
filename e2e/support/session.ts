/** Helpers shared by the browser tests: unique accounts and signing in through the API. */
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'password123';

export const demo = {
  customer: 'customer@shop.test',
  admin: 'admin@shop.test',
  outlet: 'outlet@shop.test',
  rider: 'rider@shop.test',
  dispatcher: 'dispatcher@shop.test',
  accountant: 'accountant@shop.test',
} as const;

/** An email and a valid Ugandan mobile number nobody has used yet. */
export function uniqueAccount() {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { email: `e2e-${tag}@example.com`, phone: `077${digits}` };
}

/** Signs in with the session cookie set on the page's context (faster than the dialog). */
export async function signInByApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/sign-in', { data: { email, password } });
  if (!res.ok()) throw new Error(`sign-in as ${email} failed: ${res.status()} ${await res.text()}`);
}

/**
 * Waits until the app has taken over a page the server rendered (it removes `data-pending` from the
 * root). Before that a tap is held and given again, but a field filled by a test (which types no
 * keys) would hold text the form's state does not.
 */
export async function appTookOver(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('data-pending');
}
