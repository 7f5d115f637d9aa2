/**
 * Which migrations a database has and which it still needs, the way Drizzle's migrator decides it:
 * a migration is applied when the newest row of `drizzle.__drizzle_migrations` is at least as new as
 * its journal entry. Read by `npm run db:status`, and by a server told not to migrate at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The migrations folder, found from this file whether it runs from src/ (tsx) or dist/ (the build). */
export const migrationsFolder = findUp(path.dirname(fileURLToPath(import.meta.url)), 'drizzle');

function findUp(dir: string, name: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, name);
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    if (path.dirname(d) === d) throw new Error(`${name} folder not found above ${dir}`);
  }
}

export interface MigrationState {
  tag: string;
  /** The journal's timestamp: what Drizzle stores as created_at once it is applied. */
  when: number;
  applied: boolean;
}

/** Runs one statement and returns its rows: a pg pool, a pg client or PGlite all fit. */
export type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

export function journal(): { tag: string; when: number }[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
}

export async function migrationStates(query: Query): Promise<MigrationState[]> {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  let last = -1;
  if (exists.rows[0]?.present) {
    const r = await query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
    if (r.rows[0]?.last != null) last = Number(r.rows[0].last);
  }
  return journal().map((m) => ({ ...m, applied: m.when <= last }));
}

export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database needs ${pending.length} migration${pending.length === 1 ? '' : 's'} (${pending.join(', ')}). ` +
        'Run npm run db:migrate first, or start with MIGRATE_ON_START on.',
    );
  }
}
