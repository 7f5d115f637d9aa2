import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../src/db/schema/notifications.ts';
import { loadConfig } from '../../src/config.ts';
import { isAllowedPushEndpoint } from '../../src/modules/notifications/push-endpoint.ts';
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
    // The stand-in push service listens on 127.0.0.1: named as a push host and as a private host
    // the server may reach, the way an operator would allow a self-hosted one.
    t = await createTestApp(driver, { env: { PUSH_SERVICE_HOSTS: '127.0.0.1', ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
    base = await push.start();
    // The stand-in service's own certificate: trusted by this sender only.
    t.app.deps.push = createPushSender(t.app.deps.db, 'mailto:test@example.com', {
      pushServiceHosts: ['127.0.0.1'],
      allowPrivateHosts: ['127.0.0.1'],
      ca: readFileSync(new URL('../fixtures/push-test.crt', import.meta.url)),
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

  it("accepts endpoints only on the push services' hosts, over https", async () => {
    const cookie = await loginAs(t.app, 'customer');
    const port = new URL(base).port;
    const before = (await t.app.deps.db.select().from(pushSubscriptions)).length;
    for (const endpoint of [
      `https://localhost:${port}/x`,
      `https://127.0.0.2:${port}/x`,
      `https://[::1]:${port}/x`,
      `https://[::ffff:127.0.0.1]:${port}/x`,
      'https://10.0.0.5/x',
      'https://169.254.169.254/latest/meta-data',
      'https://evil.example.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example.com/x',
      `http://127.0.0.1:${port}/x`,
      `https://user:pw@127.0.0.1:${port}/x`,
    ]) {
      const res = await subscribe(cookie, endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.fields.endpoint).toBe('Invalid push endpoint');
    }
    expect(await t.app.deps.db.select().from(pushSubscriptions)).toHaveLength(before);
  });

  it('never sends to a stored endpoint off the list or on a private address', async () => {
    const db = t.app.deps.db;
    const ids = await demoIds(db);
    const ca = readFileSync(new URL('../fixtures/push-test.crt', import.meta.url));
    const message = { title: 'x', body: 'y', url: '/' };
    const only = async (path: string) => {
      await db.delete(pushSubscriptions);
      // A row as an older server (or a direct insert) may have left it.
      await db.insert(pushSubscriptions).values({ userId: ids.customerId, endpoint: `${base}${path}`, ...browserKeys() });
    };
    // The stand-in would accept each of these (its certificate is for 127.0.0.1): only the rules stop them.
    await only('/off-list');
    const offList = createPushSender(db, 'mailto:test@example.com', {
      pushServiceHosts: ['push.example.com'],
      allowPrivateHosts: ['127.0.0.1'],
      ca,
    });
    expect((await offList.send(ids.customerId, message)).sent).toBe(0);
    await only('/private');
    const noPrivate = createPushSender(db, 'mailto:test@example.com', { pushServiceHosts: ['127.0.0.1'], allowPrivateHosts: [], ca });
    expect((await noPrivate.send(ids.customerId, message)).sent).toBe(0);
    await only('/control');
    expect((await t.app.deps.push.send(ids.customerId, message)).sent).toBe(1);
    expect(push.received.map((r) => r.path)).toContain('/control');
    expect(push.received.some((r) => r.path === '/private' || r.path === '/off-list')).toBe(false);
    await db.delete(pushSubscriptions);
  });
});

describe('push service hosts', () => {
  it('match the default browser services, subdomains only where a wildcard says so', () => {
    const hosts = loadConfig({}).PUSH_SERVICE_HOSTS;
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx',
      'https://api.push.apple.com/3/device/x',
    ])
      expect(isAllowedPushEndpoint(endpoint, hosts), endpoint).toBe(true);
    for (const endpoint of [
      'https://notify.windows.com.evil.example/x',
      'https://evilnotify.windows.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'not a url',
    ])
      expect(isAllowedPushEndpoint(endpoint, hosts), endpoint).toBe(false);
  });
});
