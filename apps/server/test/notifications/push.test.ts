import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../src/db/schema/notifications.ts';
import { createPushSender } from '../../src/modules/notifications/push.service.ts';
import { OUTLETS } from '../../src/seed/demo-data.ts';
import { demoIds, insertOrder, outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';

/** A stand-in push service on loopback: records deliveries, answers 410 for /gone/*. */
function fakePushService() {
  const received: { path: string; headers: http.IncomingHttpHeaders; bytes: number }[] = [];
  const tls = {
    key: readFileSync(new URL('../fixtures/push-test.key', import.meta.url)),
    cert: readFileSync(new URL('../fixtures/push-test.crt', import.meta.url)),
  };
  const server = https.createServer(tls, (req: http.IncomingMessage, res: http.ServerResponse) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, bytes });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  return {
    received,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Keys as a browser makes them for a subscription. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const until = async (check: () => boolean | Promise<boolean>, ms = 3_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
};

describe.each(drivers)('web push on %s', (driver) => {
  let t: TestContext;
  const push = fakePushService();
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    base = await push.start();
    // The stand-in service's own certificate: trusted by this sender only.
    t.app.deps.push = createPushSender(t.app.deps.db, 'mailto:test@example.com', {
      agent: new https.Agent({ ca: readFileSync(new URL('../fixtures/push-test.crt', import.meta.url)) }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await push.stop();
  });

  const subscribe = (cookie: string, endpoint: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notifications/subscribe',
      headers: { cookie, origin: ORIGIN },
      payload: { endpoint, keys: browserKeys() },
    });

  it('generates the VAPID keys once and keeps them', async () => {
    const a = (await t.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' })).json();
    const b = (await t.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' })).json();
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(b.publicKey).toBe(a.publicKey);
  });

  it('stores a subscription for the signed-in user only, and validates it', async () => {
    expect((await subscribe('', `${base}/x`)).statusCode).toBe(401);
    const cookie = await loginAs(t.app, 'customer');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/subscribe',
      headers: { cookie, origin: ORIGIN },
      payload: { endpoint: 'not a url', keys: {} },
    });
    expect(bad.statusCode).toBe(400);
    // The same endpoint again replaces the stale keys instead of adding a row.
    expect((await subscribe(cookie, `${base}/same`)).statusCode).toBe(201);
    expect((await subscribe(cookie, `${base}/same`)).statusCode).toBe(201);
    const rows = await t.app.deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${base}/same`));
    expect(rows).toHaveLength(1);
    await t.app.deps.db.delete(pushSubscriptions);
  });

  it('pushes to the rider on assignment and to the customer on status changes; drops a 410 subscription', async () => {
    const db = t.app.deps.db;
    const ids = await demoIds(db);
    const outletId = await outletIdByName(db, OUTLETS[0]!.name);
    await subscribe(await loginAs(t.app, 'rider'), `${base}/rider/1`);
    await subscribe(await loginAs(t.app, 'customer'), `${base}/gone/customer`);

    await insertOrder(db, { userId: ids.customerId, outletId, status: 'assigned', riderId: ids.riderId, publish: 'assigned' });
    await until(() => push.received.some((r) => r.path === '/rider/1'));
    const delivery = push.received.find((r) => r.path === '/rider/1')!;
    expect(delivery.headers.authorization).toMatch(/^vapid /);
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(delivery.bytes).toBeGreaterThan(0);

    await until(() => push.received.some((r) => r.path === '/gone/customer'));
    await until(
      async () =>
        (
          await db
            .select()
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.endpoint, `${base}/gone/customer`))
        ).length === 0,
    );
    // One push per event even though the event is heard once per listener.
    expect(push.received.filter((r) => r.path === '/rider/1')).toHaveLength(1);
  });
});
