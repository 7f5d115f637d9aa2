#!/usr/bin/env node
/**
 * The whole test suite: unit and API tests (embedded PGlite always, and the PostgreSQL server too
 * when DATABASE_URL is set), then the browser tests in Chromium against the built app.
 * Outside CI a missing Chromium skips the browser tests with a plain message; under CI=true it fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
mkdirSync(out, { recursive: true });
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const args = process.argv.slice(2);
const only = args.includes('--unit') ? 'unit' : args.includes('--e2e') ? 'e2e' : 'all';

function run(cmd, cmdArgs, opts = {}) {
  console.log(`\n$ ${cmd} ${cmdArgs.join(' ')}`);
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
  return r.status ?? 1;
}

function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let failedStep = false;

if (only !== 'e2e') {
  const json = path.join(out, 'vitest.json');
  rmSync(json, { force: true });
  const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`]);
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
  if (code !== 0) failedStep = true;
}

if (only !== 'unit') {
  const chromium = findChromium();
  if (!chromium) {
    const msg = 'Browser tests need Chromium: install it with `apt-get install -y chromium` (or set CHROME_PATH).';
    if (isCI) {
      console.error(`\nFAIL: ${msg}`);
      failedStep = true;
    } else {
      console.log(`\nSKIPPED the browser tests. ${msg}`);
    }
  } else {
    if (!args.includes('--no-build') && run('npm', ['run', 'build']) !== 0) failedStep = true;
    const json = path.join(out, 'playwright.json');
    rmSync(json, { force: true });
    const code = run('npx', ['playwright', 'test', '--reporter=list,json'], {
      cwd: path.join(root, 'e2e'),
      env: { CHROME_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: json },
    });
    if (existsSync(json)) {
      const s = JSON.parse(readFileSync(json, 'utf8')).stats ?? {};
      totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
      totals.failed += s.unexpected ?? 0;
      totals.skipped += s.skipped ?? 0;
    } else if (code !== 0) totals.failed += 1;
    if (code !== 0) failedStep = true;
  }
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep || totals.failed > 0 ? 1 : 0);
