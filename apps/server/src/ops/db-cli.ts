/**
 * `npm run db:migrate` applies the pending migrations of the configured database and `npm run
 * db:status` lists which are applied and which pending, so a deploy can migrate as a step of its own
 * before new instances take traffic (with MIGRATE_ON_START=false they refuse a database that still
 * needs one). Safe beside running instances of PostgreSQL (one migrator at a time, under the same
 * lock the server takes); the embedded database must have no server open, as for backups.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, pgliteDir } from '../db/client.ts';
import { type MigrationState, migrationStates, type Query } from '../db/migrations.ts';
import { BackupError, runningServerPid } from './backup.ts';

const [command] = process.argv.slice(2);

async function states(databaseUrl: string | undefined, dir: string): Promise<MigrationState[]> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      return await migrationStates((q) => client.query(q));
    } finally {
      await client.end();
    }
  }
  // No database yet: every migration is pending (and status must not create one).
  if (!existsSync(path.join(dir, 'PG_VERSION'))) return migrationStates(async () => ({ rows: [{ present: false }] }));
  const client = await PGlite.create({ dataDir: dir });
  try {
    return await migrationStates(((q: string) => client.query(q)) as Query);
  } finally {
    await client.close();
  }
}

function print(list: MigrationState[]) {
  for (const m of list) console.log(`${m.applied ? 'applied' : 'pending'}  ${m.tag}`);
  const pending = list.filter((m) => !m.applied).length;
  console.log(
    pending ? `${pending} of ${list.length} migrations pending: run npm run db:migrate` : `up to date (${list.length} migrations)`,
  );
}

try {
  const config = loadConfig();
  const dir = pgliteDir(config.dataDir);
  const where = config.DATABASE_URL ? config.DATABASE_URL.replace(/\/\/[^@]*@/, '//') : dir;
  if (!config.DATABASE_URL) {
    const pid = runningServerPid(dir);
    if (pid) throw new BackupError(`The server (pid ${pid}) has ${dir} open: it migrated the embedded database at start. Stop it first.`);
  }
  if (command === 'status') {
    console.log(`database: ${where}`);
    print(await states(config.DATABASE_URL, dir));
  } else if (command === 'migrate') {
    const before = await states(config.DATABASE_URL, dir);
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      directUrl: config.DATABASE_DIRECT_URL,
      dataDir: dir,
      poolSize: 1,
      pgliteWorker: false,
    });
    await database.close();
    const after = await states(config.DATABASE_URL, dir);
    const applied = after.filter((m, i) => m.applied && !before[i]?.applied);
    console.log(`database: ${where}`);
    for (const m of applied) console.log(`applied  ${m.tag}`);
    console.log(
      applied.length ? `${applied.length} migrations applied; up to date` : `nothing to apply; up to date (${after.length} migrations)`,
    );
  } else {
    throw new BackupError('Usage: db-cli.ts migrate | status');
  }
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
