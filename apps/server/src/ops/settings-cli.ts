/**
 * `npm run settings:doc` writes docs/settings.md and .env.example from the config schema;
 * `-- --check` only compares, and fails when either is stale (CI runs it through the test suite).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envExample, settingsMarkdown } from './settings-doc.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const files = { 'docs/settings.md': settingsMarkdown(), '.env.example': envExample() };
const check = process.argv.includes('--check');
let stale = 0;
for (const [name, text] of Object.entries(files)) {
  const file = path.join(root, name);
  let old = '';
  try {
    old = readFileSync(file, 'utf8');
  } catch {}
  if (old === text) continue;
  if (check) {
    console.error(`${name} is stale: run npm run settings:doc`);
    stale++;
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${name}`);
  }
}
process.exit(stale ? 1 : 0);
