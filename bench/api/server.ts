/**
 * The server under test for bench/api: the real app (config from the environment, migrations, demo
 * seed) plus one extra route answering a constant, pre-serialized JSON body the size of the product
 * listing, which is the ceiling of the stack (HTTP, Fastify, hooks) with no database work.
 */
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, pgliteDir } from '../../apps/server/src/db/client.ts';
import { seedIfEmpty } from '../../apps/server/src/seed/seed.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: pgliteDir(config.dataDir) });
const app = await buildApp({ config, database, logger: false });
await seedIfEmpty(app.deps, { info() {} });
let constant = '{}';
app.get('/api/bench/constant', { config: { access: 'visitor' }, schema: { hide: true } }, async (_req, reply) =>
  reply.type('application/json; charset=utf-8').send(constant),
);
await app.listen({ port: config.PORT, host: '127.0.0.1' });
constant = (await app.inject({ method: 'GET', url: '/api/products' })).body;
process.send?.('ready');
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
