/**
 * Browser tests in the system Chromium against the built app, served by the real server on its own
 * port and a fresh embedded database (PGlite) seeded with the demo data.
 * Build the web app first: `npm run build -w @meatshop/web`.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;
const DATA_PREFIX = 'meatshop-e2e-';
// Set once in the runner; workers load this file again and inherit the same folder through env.
if (!process.env.E2E_DATA_DIR) {
  removeOldDataDirs();
  process.env.E2E_DATA_DIR = path.join(os.tmpdir(), `${DATA_PREFIX}${Date.now()}`);
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node --import tsx ../apps/server/src/main.ts',
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          PORT: String(PORT),
          DATA_DIR: process.env.E2E_DATA_DIR,
          LOG_LEVEL: 'warn',
          // Browser tests sign in and up many times from one address; the limits themselves are API-tested.
          RATE_LIMIT_MULTIPLIER: '50',
          // Parallel tests each open a tab as the same demo admin; the per-person cap is API-tested.
          EVENT_STREAMS_PER_USER: '100',
          // Browser tests start from the demo catalog without its two weeks of order history.
          SEED_HISTORY: 'false',
          // The cold-chain spec waits for the check; every few seconds keeps it short.
          COLD_CHAIN_CHECK_SECONDS: '3',
          // The standing-order spec moves the cut-off just behind the clock and waits for the job.
          STANDING_ORDER_CHECK_SECONDS: '3',
          PUBLIC_URL: baseURL,
          // Browser tests run on the embedded default, whatever the shell says.
          DATABASE_URL: '',
        },
      },
});

/** Earlier runs' databases (a few tens of MB each) are left behind; drop those older than 6 hours. */
function removeOldDataDirs() {
  const cutoff = Date.now() - 6 * 3600_000;
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(DATA_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      if (statSync(dir).mtimeMs < cutoff) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone already or not ours to remove: either way nothing to do.
    }
  }
}
