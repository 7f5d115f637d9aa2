/**
 * The database goes away under load and comes back (PostgreSQL only: a TCP proxy between the server
 * and PostgreSQL is cut and restored, the shared PostgreSQL server itself is never touched). Meanwhile
 * every request that needs the database answers 503 in our error shape, quickly; afterwards the same
 * server process answers normally again, live events included, without a restart.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLER_REUSE_MS } from '../../src/modules/accounts/access.ts';
import { ORIGIN, type TestContext, createTestApp, loginAs } from '../helpers.ts';
import { demoIds, insertOrder, outletIds } from '../fixtures/rider-orders.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const base = process.env.DATABASE_URL;

describe.skipIf(!base)('database outage on postgres', () => {
  let proxy: TcpProxy;
  let t: TestContext;
  let cookie: string;
  let unsubscribe: () => void = () => {};
  const received: string[] = [];
  const name = `meatshop_outage_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(base!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(base!);
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    t = await createTestApp('postgres', { databaseUrl: url.toString() });
    cookie = await loginAs(t.app, 'customer');
    // Subscribed before the outage: the same subscription must hear events after it.
    unsubscribe = await t.app.deps.events.subscribe((e) => {
      if (e.type === 'order') received.push(e.orderId);
    });
  });
  afterAll(async () => {
    unsubscribe();
    await t?.close().catch(() => {});
    await proxy?.close();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const hit = (url: string) => t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN, cookie } });
  const DB_ROUTES = ['/api/health', '/api/orders', '/api/account/profile', '/api/auth/session', '/api/admin/dashboard'];

  it('answers 503 while the database is unreachable and recovers by itself', async () => {
    // Load before, during and after the outage.
    let stop = false;
    const statuses: number[] = [];
    const bad: string[] = [];
    const load = (async () => {
      while (!stop) {
        const batch = await Promise.all(DB_ROUTES.slice(1, 3).map((u) => hit(u)));
        for (const r of batch) {
          statuses.push(r.statusCode);
          if (r.statusCode !== 200 && r.statusCode !== 503) bad.push(`${r.statusCode} ${r.body.slice(0, 150)}`);
          if (r.statusCode === 503 && r.json().error?.code !== 'UNAVAILABLE') bad.push(`503 not in the error shape: ${r.body}`);
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 500));
    expect((await hit('/api/health')).statusCode).toBe(200);

    await proxy.cut();
    // A signed-in caller read just before the cut may be reused for CALLER_REUSE_MS (the session
    // route needs nothing else); past that every route needs the database.
    await new Promise((r) => setTimeout(r, CALLER_REUSE_MS + 50));
    for (const url of DB_ROUTES) {
      const started = Date.now();
      const res = await hit(url);
      expect(res.statusCode, `${url} during the outage: ${res.body.slice(0, 200)}`).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
      expect(res.json().error.message).toMatch(/briefly unavailable|Database unavailable/);
      expect(res.body).not.toMatch(/ECONNREFUSED|at .*\.ts|pg_/);
      expect(Date.now() - started, `${url} answered slowly`).toBeLessThan(7_000);
    }
    await new Promise((r) => setTimeout(r, 2_500));

    await proxy.restore();
    await expect.poll(async () => (await hit('/api/health')).statusCode, { timeout: 20_000, interval: 250 }).toBe(200);
    stop = true;
    await load;
    for (const url of DB_ROUTES.slice(1, 4)) expect((await hit(url)).statusCode, url).toBe(200);
    expect(bad).toEqual([]);
    expect(statuses).toContain(503);
    expect(statuses.at(-1)).toBe(200);
  }, 90_000);

  it('delivers live events again after the outage (the listener reconnected)', async () => {
    const db = t.database.db;
    const { customerId } = await demoIds(db);
    const [outletId] = await outletIds(db);
    await expect
      .poll(
        async () => {
          const order = await insertOrder(db, { userId: customerId, outletId: outletId!, status: 'pending', publish: 'placed' });
          await new Promise((r) => setTimeout(r, 300));
          return received.includes(order.id);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
  }, 60_000);
});
