/**
 * Three shop processes on one PostgreSQL database and one S3-compatible bucket, as a deploy behind a
 * load balancer runs them: each is the real server (src/main.ts) in its own process with its own
 * pool, caches, timers and uploads folder, sharing only the database, the bucket and AUTH_SECRET.
 * A session made on one works on the others and ends everywhere; an image uploaded through one is
 * served by the others; a live event raised on one reaches streams held on the others; the periodic
 * jobs (unpaid-order expiry, message sending, the reconciliation that asks the payment provider
 * about unconfirmed payments) share the due work, each item handled once; and the sign-in limits
 * count guesses sent to any of them. Run twice where PgBouncer is installed: once on
 * the server directly, once through PgBouncer in transaction mode with live events and migrations on
 * a direct connection (DATABASE_DIRECT_URL). Skipped without DATABASE_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { CALLER_REUSE_MS } from '../../src/modules/accounts/access.ts';
import { payments } from '../../src/db/schema/orders.ts';
import { users } from '../../src/db/schema/accounts.ts';
import { ACCOUNTS, DEMO_PASSWORD } from '../../src/seed/demo-data.ts';
import { seedIfEmpty } from '../../src/seed/seed.ts';
import { openSse, type SseClient } from '../events/sse-client.ts';
import { insertOrder } from '../fixtures/admin-orders.ts';
import { type FakeS3, startFakeS3 } from '../fixtures/fake-s3.ts';
import { multipart } from '../fixtures/photos.ts';
import { openTestDatabase } from '../helpers.ts';
import { FAKE_KEY, FAKE_SECRET, type FakePesapal, startFakePesapal } from '../payments/fake-pesapal.ts';

const PUBLIC_URL = 'http://shop.test';
const AUTH_SECRET = 'three-instances-share-this-secret-0123456789';
/** More than one expiry batch (100), so a run must keep going to clear the backlog. */
const EXPIRED_ORDERS = 250;
/** More than one reconciliation batch (100): one instance's first run cannot take them all. */
const PAYMENTS_TO_CHECK = 150;
const STATUS_PATH = '/api/Transactions/GetTransactionStatus';
const serverMain = path.join(import.meta.dirname, '../../src/main.ts');

interface Instance {
  base: string;
  child: ChildProcess;
  /** Every JSON log line the process wrote. */
  logs: Record<string, unknown>[];
  dataDir: string;
}

async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meatshop-cluster-'));
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL,
      AUTH_SECRET,
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'off',
      BACKGROUND_JOBS: 'on',
      MESSAGE_POLL_MS: '100',
      // The limit test sends its guesses as one client address behind the balancer.
      TRUST_PROXY: 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
    });
  }
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited: ${JSON.stringify(logs.slice(-3))}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`instance on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, child, logs, dataDir };
}

async function stopInstance(i: Instance) {
  if (i.child.exitCode === null) {
    const exited = new Promise((r) => i.child.once('exit', r));
    i.child.kill('SIGTERM');
    await exited;
  }
  rmSync(i.dataDir, { recursive: true, force: true });
}

/** PgBouncer from PATH or Debian's place for it; undefined where it is not installed. */
const PGBOUNCER = [...(process.env.PATH ?? '').split(':'), '/usr/sbin'].map((d) => path.join(d, 'pgbouncer')).find((p) => existsSync(p));

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** PgBouncer in transaction mode in front of the server `url` points at; returns the pooled URL. */
async function startPgbouncer(url: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const target = new URL(url);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meatshop-pgbouncer-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  writeFileSync(path.join(dir, 'users.txt'), `"${decodeURIComponent(target.username || 'postgres')}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits,options',
      'unix_socket_dir =',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root; as root it is told to become the database's own user.
  const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child = spawn(PGBOUNCER!, [...asUser, path.join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  await until(
    'PgBouncer to listen',
    async () => {
      const ok = await new Promise<boolean>((r) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.destroy();
          r(true);
        });
        s.on('error', () => r(false));
      });
      return ok || undefined;
    },
    10_000,
  );
  const pooled = new URL(url);
  pooled.port = String(port);
  return {
    url: pooled.toString(),
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const json = { 'content-type': 'application/json', origin: PUBLIC_URL };

async function signIn(base: string, email: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify({ email, password }) });
}
async function cookieOf(base: string, email: string) {
  const res = await signIn(base, email);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const modes = ['directly', ...(PGBOUNCER ? ['through PgBouncer'] : [])];

describe.runIf(process.env.DATABASE_URL).each(modes)('three instances on one PostgreSQL database and one bucket, %s', (mode) => {
  let s3: FakeS3;
  let pesapal: FakePesapal;
  let pooler: Awaited<ReturnType<typeof startPgbouncer>> | undefined;
  let dropDatabase: () => Promise<void>;
  let checker: Awaited<ReturnType<typeof openTestDatabase>>['database'];
  let instances: Instance[] = [];
  const streams: SseClient[] = [];
  const expiredIds: string[] = [];
  const checkedIds: string[] = [];

  beforeAll(async () => {
    s3 = await startFakeS3();
    pesapal = await startFakePesapal();
    const opened = await openTestDatabase('postgres');
    dropDatabase = opened.drop;
    checker = opened.database;
    // The demo shop, then unpaid mobile-money orders past their payment window, waiting for the
    // expiry job of whichever instance gets to them.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'meatshop-seed-')),
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      BACKGROUND_JOBS: 'off',
      ...s3.env,
    });
    const seeder = await buildApp({ config, database: checker, logger: false });
    await seedIfEmpty(seeder.deps, { info() {} });
    await seeder.close();
    const placedAt = new Date(Date.now() - 3 * 3_600_000);
    for (let i = 0; i < EXPIRED_ORDERS; i++) {
      expiredIds.push((await insertOrder(checker.db, { paymentMethod: 'mtn_money', createdAt: placedAt })).id);
    }
    // Recent mobile-money payments the provider has since refused and nobody reported: due for the
    // reconciliation's first run on every instance (a minute after start).
    // Another account's orders: the demo customer places an order below, within its open-order limit.
    const [payer] = await checker.db.select({ id: users.id }).from(users).where(eq(users.email, ACCOUNTS.admin.email));
    for (let i = 0; i < PAYMENTS_TO_CHECK; i++) {
      const order = await insertOrder(checker.db, { paymentMethod: 'mtn_money', userId: payer!.id });
      const trackingId = randomUUID();
      const [payment] = await checker.db
        .insert(payments)
        .values({
          orderId: order.id,
          provider: 'pesapal',
          method: 'mtn_money',
          orderTrackingId: trackingId,
          merchantReference: order.id,
          amount: order.totalAmount,
        })
        .returning();
      checkedIds.push(payment!.id);
      pesapal.orders.set(trackingId, {
        trackingId,
        merchantReference: order.id,
        amount: order.totalAmount,
        currency: 'UGX',
        body: { callback_url: `${PUBLIC_URL}/checkout/result` },
        statusCode: 0,
      });
      pesapal.settle(trackingId, 2);
    }
    const database = { DATABASE_URL: opened.url! } as Record<string, string>;
    if (mode !== 'directly') {
      pooler = await startPgbouncer(opened.url!);
      Object.assign(database, { DATABASE_URL: pooler.url, DATABASE_DIRECT_URL: opened.url! });
    }
    const ports = await Promise.all([0, 1, 2].map(() => freePort()));
    const provider = { PESAPAL_CONSUMER_KEY: FAKE_KEY, PESAPAL_CONSUMER_SECRET: FAKE_SECRET, PESAPAL_BASE_URL: pesapal.baseUrl };
    instances = await Promise.all(
      ports.map((port) => startInstance(port, { ...database, ...s3.env, ...provider, ALLOW_PRIVATE_HOSTS: '127.0.0.1' })),
    );
  }, 180_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all(instances.map(stopInstance));
    await pooler?.stop();
    await checker?.close();
    await dropDatabase?.();
    await s3?.close();
    await pesapal?.close();
  });

  it('a session made on one instance works on the others, and signing out on one ends it on all within a second', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const cookie = await cookieOf(a.base, ACCOUNTS.customer.email);
    for (const i of [a, b, c]) expect((await fetch(`${i.base}/api/orders`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${b.base}/api/auth/sign-out`, { method: 'POST', headers: { ...json, cookie }, body: '{}' })).status).toBe(200);
    // At once where it was signed out; elsewhere once the caller the instance reused has aged out.
    expect((await fetch(`${b.base}/api/orders`, { headers: { cookie } })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, CALLER_REUSE_MS + 50));
    for (const i of [a, c]) expect((await fetch(`${i.base}/api/orders`, { headers: { cookie } })).status).toBe(401);
  });

  it('an image uploaded through one instance is served by the others, from the bucket', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const admin = await cookieOf(a.base, ACCOUNTS.admin.email);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8b1e1e' } })
      .png()
      .toBuffer();
    const m = multipart(png, 'ribs.png', 'image/png');
    const up = await fetch(`${a.base}/api/admin/images?kind=product`, {
      method: 'POST',
      headers: { cookie: admin, origin: PUBLIC_URL, ...m.headers },
      body: m.payload,
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const { url } = (await up.json()) as { url: string };
    const fromA = Buffer.from(await (await fetch(a.base + url)).arrayBuffer());
    for (const i of [b, c]) {
      const res = await fetch(i.base + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await res.arrayBuffer()).equals(fromA)).toBe(true);
    }
    expect([...s3.objects.keys()].some((k) => url.endsWith(k.split('/').pop()!))).toBe(true);
  });

  it('the periodic jobs share the due work: each unpaid order expires once, each message goes once', async () => {
    const ids = sql.join(
      expiredIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    // Within the instances' first runs (5 s after start): a backlog is not left for later minutes.
    await until('every unpaid order to expire', async () => {
      const r = (await checker.db.execute(
        sql`SELECT count(*)::int AS n FROM orders WHERE id IN (${ids}) AND status = 'cancelled'`,
      )) as unknown as {
        rows: { n: number }[];
      };
      return r.rows[0]!.n === EXPIRED_ORDERS ? true : undefined;
    });
    // Each instance says which orders its runs cancelled: together every order, none twice.
    const byInstance = () =>
      instances.map((i) => i.logs.filter((l) => l.msg === 'unpaid orders expired').flatMap((l) => (l.cancelled as string[]) ?? []));
    // A run logs when it ends, a moment after its last cancel is committed.
    const all = await until(
      'every run to report',
      async () => (byInstance().flat().length >= EXPIRED_ORDERS ? byInstance().flat() : undefined),
      10_000,
    );
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set(expiredIds));
    console.log(
      `unpaid orders expired per instance: ${byInstance()
        .map((l) => l.length)
        .join(', ')}`,
    );
    // The cancellation messages: each claimed by one worker once, and sent.
    await until('every cancellation message to be sent', async () => {
      const r = (await checker.db.execute(
        sql`SELECT count(*) FILTER (WHERE status <> 'sent')::int AS waiting, count(*)::int AS n, max(attempts)::int AS most
            FROM customer_messages WHERE order_id IN (${ids})`,
      )) as unknown as { rows: { waiting: number; n: number; most: number }[] };
      const row = r.rows[0]!;
      if (row.n === 0 || row.waiting > 0) return undefined;
      expect(row.most).toBe(1);
      return true;
    });
  }, 60_000);

  it('an order placed through one instance reaches admin streams held on the other two', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    for (const i of [b, c]) {
      const s = await openSse(i.base, await cookieOf(i.base, ACCOUNTS.admin.email));
      expect(s.status).toBe(200);
      streams.push(s);
    }
    const customer = await cookieOf(a.base, ACCOUNTS.customer.email);
    const { products } = (await (await fetch(`${a.base}/api/products`)).json()) as { products: { id: string; stock: number }[] };
    const product = products.find((p) => p.stock > 5)!;
    const placed = await fetch(`${a.base}/api/orders`, {
      method: 'POST',
      headers: { ...json, cookie: customer },
      body: JSON.stringify({
        items: [{ productId: product.id, quantity: 1 }],
        contact: { fullName: ACCOUNTS.customer.fullName, email: ACCOUNTS.customer.email, phone: '0772100002' },
        address: {
          street: 'Ntinda Road',
          city: 'Kampala',
          state: '',
          postalCode: '',
          country: 'Uganda',
          formattedAddress: 'Ntinda, Kampala',
        },
        location: { lat: 0.354, lng: 32.616 },
        paymentMethod: 'cash_on_delivery',
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order } = (await placed.json()) as { order: { id: string } };
    const isIt = (m: { data: unknown }) => (m.data as { type?: string; orderId?: string }).orderId === order.id;
    await Promise.all(streams.map((s) => s.next(isIt, 5_000)));
  });

  it('sign-in limits count guesses sent to any instance', async () => {
    const guesses = Array.from({ length: 30 }, (_, k) =>
      signIn(instances[k % 3]!.base, ACCOUNTS.rider.email, `wrong-${k}`, { 'x-forwarded-for': '10.77.0.1' }),
    );
    const codes = (await Promise.all(guesses)).map((r) => r.status);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    // Checked guesses per address and email stop at the same number on one instance or three.
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(8);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(22);
  });

  it('the reconciliation asks the provider about each unconfirmed payment once, whichever instance takes it', async () => {
    const ids = sql.join(
      checkedIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    // The first runs start a minute after the instances did.
    await until(
      'every payment to be checked',
      async () => {
        const r = (await checker.db.execute(
          sql`SELECT count(*)::int AS n FROM payment_checks WHERE payment_id IN (${ids}) AND confirmed`,
        )) as unknown as { rows: { n: number }[] };
        return r.rows[0]!.n === PAYMENTS_TO_CHECK ? true : undefined;
      },
      90_000,
    );
    const asked = pesapal.calls.filter((c) => c.path === STATUS_PATH);
    expect(asked).toHaveLength(PAYMENTS_TO_CHECK);
    // Each instance asks with its own token: more than one instance did the work.
    const byToken = new Map<string | undefined, number>();
    for (const c of asked) byToken.set(c.auth, (byToken.get(c.auth) ?? 0) + 1);
    expect(byToken.size).toBeGreaterThan(1);
    console.log(`payments checked per instance: ${[...byToken.values()].join(', ')}`);
    // The provider's refusal reached each order through the order core, once.
    const r = (await checker.db.execute(
      sql`SELECT count(*) FILTER (WHERE status = 'failed')::int AS failed FROM payments WHERE id IN (${ids})`,
    )) as unknown as { rows: { failed: number }[] };
    expect(r.rows[0]!.failed).toBe(PAYMENTS_TO_CHECK);
  }, 100_000);
});
