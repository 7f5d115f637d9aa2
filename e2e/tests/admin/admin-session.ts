/**
 * One admin sign-in shared by every back-office test of a run: the server limits sign-ins per email
 * (8 in 10 minutes), and the whole suite signs in as the demo admin more often than that.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { demo, signInByApi } from '../../support/session';

const statePath = () =>
  path.join(process.env.E2E_DATA_DIR ?? '/tmp', '..', `${path.basename(process.env.E2E_DATA_DIR ?? 'e2e')}-admin-state.json`);

export async function adminPage(browser: Browser, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const file = statePath();
  if (!existsSync(file)) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signInByApi(page, demo.admin);
    await ctx.storageState({ path: file });
    await ctx.close();
  }
  const ctx = await browser.newContext({ storageState: file, viewport });
  return ctx.newPage();
}
