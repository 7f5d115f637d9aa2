/**
 * The server under test for bench/api: the real app (config from the environment, migrations, the demo
 * seed and its two weeks of orders) plus one extra route answering a constant, pre-serialized JSON body
 * the size of the product listing: the ceiling of the shop's own stack (HTTP, Fastify, hooks) with no
 * database work. Prints one JSON line (what the runner needs: ids, a category, the cookies of the demo
 * customer and admin, the listing's bytes in a file), then serves.
 *
 * BENCH_APP_ROOT points at another checkout of the repository (with node_modules reachable from it) to
 * measure that checkout's app with this same harness: the before/after of a change, interleaved.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';

const root = path.resolve(process.env.BENCH_APP_ROOT ?? path.join(import.meta.dirname, '../..'));
const load = <T>(file: string): Promise<T> => import(pathToFileURL(path.join(root, 'apps/server/src', file)).href) as Promise<T>;
const { buildApp } = await load<typeof import('../../apps/server/src/app.ts')>('app.ts');
const { loadConfig } = await load<typeof import('../../apps/server/src/config.ts')>('config.ts');
const { openDatabase, pgliteDir } = await load<typeof import('../../apps/server/src/db/client.ts')>('db/client.ts');
const { seedIfEmpty } = await load<typeof import('../../apps/server/src/seed/seed.ts')>('seed/seed.ts');
const { seedDemoHistory } = await load<typeof import('../../apps/server/src/seed/demo-history.ts')>('seed/demo-history.ts');
const { ACCOUNTS, DEMO_PASSWORD } = await load<typeof import('../../apps/server/src/seed/demo-data.ts')>('seed/demo-data.ts');

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: pgliteDir(config.dataDir) });
const app = await buildApp({ config, database, logger: false });
await seedIfEmpty(app.deps, { info() {} });
await seedDemoHistory(app.deps.db);
let constant = '{}';
app.get('/api/bench/constant', { config: { access: 'visitor' }, schema: { hide: true } }, async (_req, reply) =>
  reply.type('application/json; charset=utf-8').send(constant),
);
await app.listen({ port: config.PORT, host: '127.0.0.1' });

const origin = config.publicUrl;
async function cookieOf(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin },
    payload: { email, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${email}: ${res.statusCode} ${res.body}`);
  const set = res.headers['set-cookie'];
  return (Array.isArray(set) ? set : [set ?? '']).map((c) => c.split(';')[0]).join('; ');
}
/**
 * A trade member on the Restaurant tier with a line for every product (10% off), for the member's
 * rows; empty on a checkout without trade accounts (those rows are skipped there).
 */
async function tradeMemberCookie() {
  const email = 'bench-trade@example.com';
  const password = 'bench-trade-1';
  const up = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { origin },
    payload: { fullName: 'Bench Kitchen', phone: '0772555001', email, password },
  });
  if (up.statusCode !== 201) throw new Error(`sign-up: ${up.statusCode} ${up.body}`);
  const run = (q: string) => app.deps.db.execute(sql.raw(q));
  try {
    await run(`WITH a AS (
      INSERT INTO trade_accounts (business_name, tin, address, lat, lng, contact_name, contact_phone, weekly_volume, status, tier_id, applied_by)
      SELECT 'Bench Kitchen', '1000000000', 'Kampala', 0.33, 32.6, 'Bench', '+256772555001', 'over_10m', 'approved', 'restaurant', id FROM users WHERE email = '${email}'
      RETURNING id, applied_by)
      INSERT INTO trade_members (account_id, user_id, role) SELECT id, applied_by, 'owner' FROM a`);
    await run(
      `INSERT INTO trade_prices (tier_id, product_id, percent_off) SELECT 'restaurant', id, 10 FROM products WHERE NOT is_archived`,
    );
  } catch {
    return '';
  }
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { origin }, payload: { email, password } });
  const set = res.headers['set-cookie'];
  return (Array.isArray(set) ? set : [set ?? '']).map((c) => c.split(';')[0]).join('; ');
}
const listing = (await app.inject({ method: 'GET', url: '/api/products' })).body;
constant = listing;
const bodyFile = path.join(config.dataDir, 'listing.json');
writeFileSync(bodyFile, listing);
const { products } = JSON.parse(listing) as { products: { id: string; category: { slug: string } | null }[] };
console.log(
  JSON.stringify({
    ready: true,
    driver: database.driver,
    bodyFile,
    productIds: products.map((p) => p.id),
    category: products.find((p) => p.category)?.category?.slug ?? '',
    customerCookie: await cookieOf(ACCOUNTS.customer.email),
    adminCookie: await cookieOf(ACCOUNTS.admin.email),
    memberCookie: await tradeMemberCookie(),
  }),
);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
