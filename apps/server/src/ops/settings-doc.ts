/**
 * The settings table (docs/settings.md) and the example environment file (.env.example), both made
 * from the config schema's own descriptions and defaults, so neither can say something the server
 * does not do. `npm run settings:doc` writes them; a test fails while they differ from the schema.
 */
import { z } from 'zod';
import { EnvSchema } from '../config.ts';

interface Setting {
  name: string;
  description: string;
  /** The value the schema falls back to, as it would be written in the environment; undefined when none. */
  value?: string;
  /** How the default reads in the table. */
  shown: string;
}

export function settings(): Setting[] {
  return Object.entries(EnvSchema.shape).map(([name, schema]) => {
    const meta = (z.globalRegistry.get(schema) ?? {}) as { description?: string; shown?: string };
    if (!meta.description) throw new Error(`${name} has no description in config.ts`);
    const value = defaultOf(schema);
    const shown = meta.shown ?? (value === undefined ? '—' : value === '' ? '(empty)' : `\`${value}\``);
    return { name, description: meta.description, value, shown };
  });
}

interface Def {
  type: string;
  defaultValue?: unknown;
  /** A pipe's first schema (a default followed by a transform, as for host lists). */
  in?: { _zod: { def: Def } };
}

function defaultOf(schema: unknown): string | undefined {
  let def = (schema as { _zod: { def: Def } })._zod.def;
  if (def.type === 'pipe' && def.in) def = def.in._zod.def;
  return def.type === 'default' && def.defaultValue !== undefined ? String(def.defaultValue) : undefined;
}

const cell = (s: string) => s.replaceAll('|', '\\|');

export function settingsMarkdown(): string {
  const rows = settings().map((s) => `| \`${s.name}\` | ${cell(s.shown)} | ${cell(s.description)} |`);
  return [
    '# Settings',
    '',
    '<!-- Generated from apps/server/src/config.ts by `npm run settings:doc`; edit the descriptions there. -->',
    '',
    'Every setting of the shop server, read from the environment once at start. All are optional; an',
    'invalid value stops the server with a message naming the variable. `.env.example` lists the same',
    'settings with their defaults; `npm run serve` reads a `.env` file in the repository root if there is one.',
    '',
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

export function envExample(): string {
  const blocks = settings().map((s) => {
    const lines = [`# ${s.description.replaceAll('`', '')}`];
    if (s.value === undefined && s.shown !== '—') lines.push(`# Default: ${s.shown.replaceAll('`', '')}`);
    lines.push(`#${s.name}=${s.value ?? ''}`);
    return lines.join('\n');
  });
  return [
    '# Every setting of the shop server with its default (docs/settings.md explains each one).',
    '# Generated from apps/server/src/config.ts by `npm run settings:doc`; do not edit by hand.',
    '# Copy to .env and uncomment what you change: `npm run serve` and `docker compose` read it.',
    '',
    blocks.join('\n\n'),
    '',
  ].join('\n');
}
