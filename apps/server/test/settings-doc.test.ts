/**
 * docs/settings.md and .env.example are made from the config schema: this fails while either is
 * stale (fix: `npm run settings:doc`), and checks that the defaults .env.example lists are the ones
 * the server really falls back to.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema, loadConfig } from '../src/config.ts';
import { envExample, settingsMarkdown } from '../src/ops/settings-doc.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (name: string) => readFileSync(path.join(root, name), 'utf8');

describe('settings documentation', () => {
  it('docs/settings.md is the table the config schema makes (run npm run settings:doc)', () => {
    expect(read('docs/settings.md')).toBe(settingsMarkdown());
  });

  it('.env.example is the file the config schema makes (run npm run settings:doc)', () => {
    expect(read('.env.example')).toBe(envExample());
  });

  it('.env.example names every setting, and its values change nothing when uncommented', () => {
    const env = Object.fromEntries(
      read('.env.example')
        .split('\n')
        .filter((l) => /^#[A-Z0-9_]+=/.test(l))
        .map((l) => l.slice(1).split(/=(.*)/s).slice(0, 2)),
    );
    expect(Object.keys(env).sort()).toEqual(Object.keys(EnvSchema.shape).sort());
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });
});
