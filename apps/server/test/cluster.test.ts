/**
 * Three server instances on one PostgreSQL database and one S3-compatible bucket, as a deployment
 * behind a load balancer runs them: an upload on one is served by the others, a live event raised
 * on one reaches streams on the others, each due item of a periodic job is handled once however many
 * instances run the job at once, a session works on every instance, and the sign-in limits count
 * attempts on all of them together.
 */
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages } from '../src/db/schema/delivery-ops.ts';
import type { MessageProvider, OutgoingMessage } from '../src/modules/messages/message-providers.ts';
import { expireUnpaidOrders } from '../src/modules/payments/payment-expiry.ts';
import { adminClient } from './admin/admin-client.ts';
import { openSse } from './events/sse-client.ts';
import { createOrder, orderById, stockOf } from './fixtures/orders.ts';
import { checkoutBody, makeProduct, placeOrder } from './orders/fixtures.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs, signInCookie } from './helpers.ts';

const CUSTOMER = 'customer@shop.test';

describe.runIf(drivers.includes('postgres'))('three instances on one PostgreSQL and one bucket', () => {
  let nodes: TestContext[] = [];
  let urls: string[] = [];
  beforeAll(async () => {
    const first = await createTestApp('postgres', { storage: 's3', env: { MESSAGE_POLL_MS: '600000' } });
    nodes = [first];
    for (let i = 0; i < 2; i++)
      nodes.push(
        await createTestApp('postgres', {
          seed: false,
          databaseUrl: first.databaseUrl,
          env: { ...first.s3!.env, MESSAGE_POLL_MS: '600000' },
        }),
      );
    urls = [];
    for (const n of nodes) {
      await n.app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(n.app.server.address() as AddressInfo).port}`);
    }
  }, 180_000);
  afterAll(async () => {
    for (const n of [...nodes].reverse()) await n.close();
  });

  it('serve an image uploaded through any one of them', async () => {
    const admin = await adminClient(nodes[0]!);
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8b1e1e' } })
      .png()
      .toBuffer();
    const boundary = '----meatshop-cluster';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await nodes[1]!.app.inject({
      method: 'POST',
      url: '/api/admin/images?kind=product',
      headers: { cookie: admin.cookie, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json();
    for (const base of urls) {
      const got = await fetch(`${base}${url}`);
      expect(got.status, base).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('carry a live event raised on one to streams open on the others', async () => {
    const admin = await loginAs(nodes[0]!.app, 'admin');
    const customer = await loginAs(nodes[0]!.app, 'customer');
    const streams = await Promise.all([openSse(urls[1]!, admin), openSse(urls[2]!, admin), openSse(urls[2]!, customer)]);
    try {
      const product = await makeProduct(nodes[0]!, { price: 10_000, stock: 5 });
      const placed = await placeOrder(nodes[0]!, customer, checkoutBody([{ productId: product.id, quantity: 1 }]));
      expect(placed.statusCode).toBe(201);
      const id = placed.json().order.id as string;
      for (const s of streams) {
        const m = await s.next((e) => (e.data as { orderId?: string }).orderId === id, 5_000);
        expect(m.event).toBe('order');
      }
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('expire each unpaid order once when every instance runs the job at the same moment', async () => {
    const db = nodes[0]!.database.db;
    const due: Awaited<ReturnType<typeof createOrder>>[] = [];
    for (let i = 0; i < 4; i++)
      due.push(
        await createOrder(db, {
          email: CUSTOMER,
          paymentMethod: 'mtn_money',
          lines: [{ quantity: 1 }],
          createdAt: new Date(Date.now() - 45 * 60_000),
        }),
      );
    const productId = due[0]!.items[0]!.productId;
    const before = await stockOf(db, productId);
    const runs = await Promise.all(nodes.flatMap((n) => [expireUnpaidOrders(n.app.deps), expireUnpaidOrders(n.app.deps)]));
    const cancelled = runs.flatMap((r) => r.cancelled).filter((id) => due.some((o) => o.id === id));
    expect(cancelled.sort()).toEqual(due.map((o) => o.id).sort());
    for (const o of due) expect((await orderById(db, o.id)).status).toBe('cancelled');
    // Restocked once each, not once per instance.
    expect(await stockOf(db, productId)).toBe(before + due.length);
  });

  it('send each queued message once when every instance drains the queue', async () => {
    const sent: string[] = [];
    const provider: MessageProvider = {
      name: 'outbox',
      async send(m: OutgoingMessage) {
        await new Promise((r) => setTimeout(r, 2));
        sent.push(m.body);
      },
    };
    for (const n of nodes) n.app.deps.messageProviders = { sms: provider, email: provider };
    await nodes[0]!.database.db
      .insert(customerMessages)
      .values(
        Array.from({ length: 90 }, (_, i) => ({ event: 'placed', channel: 'sms', recipient: '+256772100002', body: `cluster ${i}` })),
      );
    await Promise.all(nodes.flatMap((n) => [n.app.deps.messages.drain(), n.app.deps.messages.drain()]));
    const ours = sent.filter((b) => b.startsWith('cluster '));
    expect(ours).toHaveLength(90);
    expect(new Set(ours).size).toBe(90);
  });

  it('accept a session on every instance, and end it on every instance', async () => {
    const cookie = await signInCookie(nodes[0]!.app, CUSTOMER);
    for (const n of nodes) expect((await n.app.inject({ url: '/api/account/profile', headers: { cookie } })).statusCode).toBe(200);
    const out = await nodes[2]!.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: ORIGIN } });
    expect(out.statusCode).toBeLessThan(300);
    for (const n of nodes) expect((await n.app.inject({ url: '/api/account/profile', headers: { cookie } })).statusCode).toBe(401);
  });

  it('count sign-in attempts across instances: spreading them out does not buy more', async () => {
    const attempt = (i: number) =>
      nodes[i % nodes.length]!.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin: ORIGIN },
        payload: { email: 'rider@shop.test', password: `wrong-${i}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await attempt(i)).statusCode);
    // Eight wrong passwords for one address and account are allowed in ten minutes, whichever instance takes them.
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
    for (const i of [9, 10, 11]) expect((await attempt(i)).statusCode, `instance ${i % 3}`).toBe(429);
  });
});
