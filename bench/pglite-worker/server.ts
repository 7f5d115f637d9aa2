/**
 * The server under test for bench/pglite-worker: the real app on the embedded database, with the
 * embedded database on its own thread or not (PGLITE_WORKER from the environment), the demo shop
 * and a year of generated orders (100,000 by default) behind the reports. The generated products
 * are archived so the listing stays the demo shop's (the same bytes as bench/api's). It sends the
 * runner an admin's session cookie once it listens.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, pgliteDir } from '../../apps/server/src/db/client.ts';
import { signUpCustomer } from '../../apps/server/src/modules/accounts/accounts.service.ts';
import { generateScaleData } from '../../apps/server/src/seed/scale-data.ts';
import { seedIfEmpty } from '../../apps/server/src/seed/seed.ts';

const config = loadConfig();
const database = await openDatabase({ dataDir: pgliteDir(config.dataDir), pgliteWorker: config.pgliteWorker });
const app = await buildApp({ config, database, logger: false });
await seedIfEmpty(app.deps, { info() {} });
const { db } = app.deps;
await generateScaleData(db, { products: 300, orders: Number(process.env.BENCH_ORDERS ?? 100_000) });
await db.execute(sql`UPDATE products SET is_archived = true WHERE name LIKE 'Scale Product %'`);
const signUp = await signUpCustomer(
  db,
  app.deps.auth,
  { email: 'bench-admin@example.com', password: 'password123', fullName: 'Bench Admin', phone: '+256772000111' },
  new Headers({ origin: config.publicUrl }),
  config.publicUrl,
);
await db.execute(sql`UPDATE users SET is_admin = true, staff_role_id = 'owner' WHERE email = 'bench-admin@example.com'`);
const cookie = signUp.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
await app.listen({ port: config.PORT, host: '127.0.0.1' });
process.send?.({ cookie });
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
