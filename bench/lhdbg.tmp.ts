import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const port = 4344;
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: '/work/wt-perf',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'lhdbg-')),
    DATABASE_URL: '',
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    SEED_HISTORY: 'false',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let i = 0; i < 240; i++) {
  try {
    if ((await fetch(`${origin}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 500));
}
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
for (const u of (process.argv[2] ?? '/').split(',')) {
  const r = await lighthouse(origin + u, { port: chrome.port, output: 'json', logLevel: 'error' });
  writeFileSync(`/tmp/lh-${u.replace(/\W/g, '_') || 'root'}.json`, JSON.stringify(r!.lhr));
}
chrome.kill();
server.kill('SIGTERM');
