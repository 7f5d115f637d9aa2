/**
 * The languages check (`npm run i18n:check`): fails when the catalogs are not exactly what extraction
 * from the code would write (a wrapped text without its key, or a key no code uses any more), or when
 * a launched language lacks a translation. Languages not launched yet may have gaps (they fall back
 * to English), so translators and engineers can work ahead of each other.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { LAUNCHED_LANGUAGES } from '../packages/shared/src/languages.ts';

const web = path.resolve(import.meta.dirname, '../apps/web');
const lingui = path.resolve(import.meta.dirname, '../node_modules/.bin/lingui');

function run(args: string[]) {
  console.log(`\n$ lingui ${args.join(' ')}`);
  const r = spawnSync(lingui, args, { stdio: 'inherit', cwd: web });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(['check', 'sync', '--verbose']);
run(['check', 'missing', '--mode', 'catalog', '--verbose', '--locale', LAUNCHED_LANGUAGES.join(',')]);
