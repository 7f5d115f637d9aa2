/** `npm run seed`: seeds the demo data into the configured database. Do not run it while the
 * server has the same embedded data folder open (PGlite has no lock; see STACK-NOTES). */
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, pgliteDir } from '../db/client.ts';
import { seedIfEmpty } from './seed.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: pgliteDir(config.dataDir),
  pgliteWorker: config.pgliteWorker,
});
const app = await buildApp({ config, database, logger: false });
await seedIfEmpty(app.deps, console);
await app.close();
await database.close();
console.log('Seed complete.');
