import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyAdmins } from '../../src/modules/notifications/notifications.service.ts';
import { publish } from '../../src/platform/events.ts';
import { OUTLETS } from '../../src/seed/demo-data.ts';
import { demoIds, insertOrder, insertOrderTx, outletIdByName } from '../fixtures/rider-orders.ts';
import { makeCustomer, makeOutletEmployee, makeRider } from '../fixtures/people.ts';
import { type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { openSse, type SseClient, type SseMessage } from './sse-client.ts';

async function listen(t: TestContext) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const orderEvent = (orderId: string) => (m: SseMessage) => m.event === 'order' && (m.data as { orderId: string }).orderId === orderId;
const quiet = () => new Promise((r) => setTimeout(r, 400));

describe.each(drivers)('live events on %s', (driver) => {
  let t: TestContext;
  let base: string;
  const clients: SseClient[] = [];
  const open = async (cookie: string) => {
    const c = await openSse(base, cookie);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    base = await listen(t);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t?.close();
  });

  it('refuses a visitor with 401', async () => {
    const c = await open('');
    expect(c.status).toBe(401);
  });

  it('delivers an order to its customer, its outlet, its rider and admins, and to nobody else', async () => {
    const db = t.app.deps.db;
    const { customerId, riderId } = await demoIds(db);
    const bwaise = await outletIdByName(db, OUTLETS[0]!.name);
    const ntinda = await outletIdByName(db, OUTLETS[2]!.name);
    const [admin, customer, outlet, rider] = await Promise.all([
      open(await loginAs(t.app, 'admin')),
      open(await loginAs(t.app, 'customer')),
      open(await loginAs(t.app, 'outlet')),
      open(await loginAs(t.app, 'rider')),
    ]);
    const otherCustomer = await open((await makeCustomer(t.app, `other-${driver}@example.com`)).cookie);
    const otherOutlet = await open((await makeOutletEmployee(t.app, `staff-${driver}@example.com`, ntinda)).cookie);
    const otherRider = await open((await makeRider(t.app, `rider2-${driver}@example.com`)).cookie);

    const order = await insertOrder(db, { userId: customerId, outletId: bwaise, status: 'assigned', riderId, publish: 'assigned' });
    for (const c of [admin, customer, outlet, rider]) {
      const m = await c.next(orderEvent(order.id));
      expect(m.data).toMatchObject({ type: 'order', action: 'assigned', status: 'assigned', orderId: order.id });
    }
    await quiet();
    for (const c of [otherCustomer, otherOutlet, otherRider]) expect(c.messages.filter(orderEvent(order.id))).toHaveLength(0);
  });

  it('sends admin notifications to admins only', async () => {
    const admin = await open(await loginAs(t.app, 'admin'));
    const customer = await open(await loginAs(t.app, 'customer'));
    const id = await t.app.deps.db.transaction((tx) => notifyAdmins(tx, { message: 'New order received', type: 'success' }));
    const m = await admin.next((x) => x.event === 'notification');
    expect(m.data).toMatchObject({ id, message: 'New order received' });
    await quiet();
    expect(customer.messages.some((x) => x.event === 'notification')).toBe(false);
  });

  it('announces nothing from a rolled-back transaction', async () => {
    const db = t.app.deps.db;
    const { customerId } = await demoIds(db);
    const bwaise = await outletIdByName(db, OUTLETS[0]!.name);
    const admin = await open(await loginAs(t.app, 'admin'));
    let orderId = '';
    await db
      .transaction(async (tx) => {
        const o = await insertOrderTx(tx, { userId: customerId, outletId: bwaise, status: 'pending', publish: 'placed' });
        orderId = o.id;
        throw new Error('roll back');
      })
      .catch(() => {});
    // A committed event after it proves the stream was live while the rolled-back one was not sent.
    const after = await db.transaction(async (tx) => {
      const o = await insertOrderTx(tx, { userId: customerId, outletId: bwaise, status: 'pending' });
      await publish(tx, {
        type: 'order',
        action: 'placed',
        orderId: o.id,
        status: 'pending',
        paymentStatus: 'pending',
        userId: customerId,
        outletId: bwaise,
        riderId: null,
      });
      return o;
    });
    await admin.next(orderEvent(after.id));
    expect(orderId).not.toBe('');
    expect(admin.messages.filter(orderEvent(orderId))).toHaveLength(0);
  });

  it('forgets a stream when its client goes away, on one bus subscription for all streams', async () => {
    const before = t.app.deps.events.openStreams;
    const c = await open(await loginAs(t.app, 'customer'));
    const d = await open(await loginAs(t.app, 'customer'));
    await new Promise((r) => setTimeout(r, 50));
    expect(t.app.deps.events.openStreams).toBe(before + 2);
    const subscriptions = t.app.deps.events.size;
    await open(await loginAs(t.app, 'admin')).then((e) => e.close());
    expect(t.app.deps.events.size).toBe(subscriptions);
    c.close();
    d.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(t.app.deps.events.openStreams).toBe(before);
  });
});

describe.runIf(drivers.includes('postgres'))('two server instances on one PostgreSQL database', () => {
  let first: TestContext;
  let second: TestContext;
  let base2: string;
  const clients: SseClient[] = [];

  beforeAll(async () => {
    first = await createTestApp('postgres');
    second = await createTestApp('postgres', { databaseUrl: first.databaseUrl, seed: false });
    await listen(first);
    base2 = await listen(second);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await second?.close();
    await first?.close();
  });

  it('an order placed through the first reaches the admin and the right outlet on the second within 2 s', async () => {
    const db1 = first.app.deps.db;
    const { customerId } = await demoIds(db1);
    const bwaise = await outletIdByName(db1, OUTLETS[0]!.name);
    const kansanga = await outletIdByName(db1, OUTLETS[3]!.name);
    const open = async (cookie: string) => {
      const c = await openSse(base2, cookie);
      clients.push(c);
      return c;
    };
    const admin = await open(await loginAs(second.app, 'admin'));
    const outlet = await open(await loginAs(second.app, 'outlet'));
    const otherOutlet = await open((await makeOutletEmployee(second.app, 'kansanga-staff@example.com', kansanga)).cookie);
    const otherCustomer = await open((await makeCustomer(second.app, 'someone-else@example.com')).cookie);

    const started = Date.now();
    const order = await insertOrder(db1, { userId: customerId, outletId: bwaise, status: 'pending', publish: 'placed' });
    await Promise.all([admin.next(orderEvent(order.id), 2_000), outlet.next(orderEvent(order.id), 2_000)]);
    expect(Date.now() - started).toBeLessThan(2_000);
    await quiet();
    expect(otherOutlet.messages.filter(orderEvent(order.id))).toHaveLength(0);
    expect(otherCustomer.messages.filter(orderEvent(order.id))).toHaveLength(0);
  });
});
