/**
 * Customer messages: SMS and email per order event, queued in the order's
 * transaction by the order core and sent by the worker; one message per event even when announced twice; a failed
 * SMTP send retried with back-off; SMS through Africa's Talking unless the customer opted out.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { retryDelayMs } from '../../src/modules/messages/message-worker.ts';
import type { MessageProvider, OutgoingMessage } from '../../src/modules/messages/message-providers.ts';
import { announce } from '../../src/modules/orders/lifecycle/order-event.ts';
import { publish } from '../../src/platform/events.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { makeCustomer } from '../fixtures/people.ts';
import { startFakeAfricasTalking, startFakeSmtp } from './fakes.ts';
import { orderFlow } from './flow.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function messagesOf(t: TestContext, orderId: string) {
  return t.database.db.select().from(customerMessages).where(eq(customerMessages.orderId, orderId));
}

/** Drains the worker until `done` holds (or fails after a few seconds). */
async function until(t: TestContext, done: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    await t.app.deps.messages.drain();
    if (await done()) return;
    await sleep(30);
  }
  throw new Error('condition not reached');
}

it('backs off exponentially between retries', () => {
  expect([1, 2, 3, 4].map((n) => retryDelayMs(30_000, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
});

describe.each(drivers)('customer messages on %s', (driver) => {
  describe('with the default outbox', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp(driver);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('sends an SMS and an email at each step, naming the rider and their phone at pickup', async () => {
      const flow = await orderFlow(t);
      const customer = await loginAs(t.app, 'customer');
      const order = await flow.place(customer);
      await flow.assign(order.id);
      await flow.pickup(order.id);
      await flow.deliver(order.id);
      await until(t, async () => (await messagesOf(t, order.id)).every((m) => m.status === 'sent'));

      const rows = await messagesOf(t, order.id);
      const events = (channel: string) =>
        rows
          .filter((m) => m.channel === channel)
          .map((m) => m.event)
          .sort();
      expect(events('sms')).toEqual(['assigned', 'delivered', 'picked_up', 'placed']);
      expect(events('email')).toEqual(['assigned', 'delivered', 'picked_up', 'placed']);
      const pickedUp = rows.find((m) => m.event === 'picked_up' && m.channel === 'sms')!;
      expect(pickedUp.recipient).toBe('+256772100002');
      expect(pickedUp.body).toContain('is on its way with Brian Kato (+256752100004)');
      expect(pickedUp.provider).toBe('outbox');

      // The admin reads the outbox, newest first.
      const admin = await loginAs(t.app, 'admin');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/messages?orderId=${order.id}&channel=sms`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.providers).toEqual({ sms: 'outbox', email: 'outbox' });
      expect(body.messages.map((m: { event: string }) => m.event)).toEqual(['delivered', 'picked_up', 'assigned', 'placed']);
      expect(body.messages[0]).toMatchObject({ status: 'sent', channel: 'sms', orderNumber: order.id.slice(0, 8).toUpperCase() });
      // Customers cannot read it.
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/messages', headers: { cookie: customer } })).statusCode).toBe(403);
    });

    it('queues one message per event and channel even when the event is announced twice', async () => {
      const flow = await orderFlow(t);
      const order = await flow.place(await loginAs(t.app, 'customer'));
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      const paidRow = { ...row!, paymentStatus: 'paid' };
      await t.database.db.transaction(async (tx) => {
        await announce(tx, paidRow, 'paid');
        await announce(tx, paidRow, 'paid');
      });
      await t.database.db.transaction((tx) => announce(tx, paidRow, 'paid'));
      await until(t, async () => (await messagesOf(t, order.id)).every((m) => m.status === 'sent'));
      const paid = (await messagesOf(t, order.id)).filter((m) => m.event === 'paid');
      expect(paid.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
      expect(paid.every((m) => m.attempts === 1)).toBe(true);
    });

    it('queues nothing when the order change rolls back', async () => {
      const flow = await orderFlow(t);
      const order = await flow.place(await loginAs(t.app, 'customer'));
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      await expect(
        t.database.db.transaction(async (tx) => {
          await announce(tx, { ...row!, status: 'cancelled' }, 'cancelled');
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect((await messagesOf(t, order.id)).filter((m) => m.event === 'cancelled')).toEqual([]);
    });

    it('publishing an order event on the bus queues no message: only the order core queues them', async () => {
      const flow = await orderFlow(t);
      const order = await flow.place(await loginAs(t.app, 'customer'));
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      await t.database.db.transaction((tx) =>
        publish(tx, {
          type: 'order',
          action: 'delivered',
          orderId: order.id,
          status: 'delivered',
          paymentStatus: row!.paymentStatus,
          userId: row!.userId,
          outletId: row!.outletId,
          riderId: null,
        }),
      );
      expect((await messagesOf(t, order.id)).filter((m) => m.event === 'delivered')).toEqual([]);
    });
  });

  describe("with SMTP and Africa's Talking configured", () => {
    let t: TestContext;
    let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
    let at: Awaited<ReturnType<typeof startFakeAfricasTalking>>;
    beforeAll(async () => {
      smtp = await startFakeSmtp(1);
      at = await startFakeAfricasTalking();
      t = await createTestApp(driver, {
        env: {
          SMTP_URL: smtp.url,
          AT_USERNAME: 'sandbox',
          AT_API_KEY: 'test-api-key',
          AT_BASE_URL: at.baseUrl,
          MESSAGE_RETRY_BASE_MS: '100',
          MESSAGE_POLL_MS: '50',
        },
      });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
      await at?.close();
    });

    it('retries an email the SMTP server refused, with back-off, and sends it once', async () => {
      const flow = await orderFlow(t);
      const order = await flow.place(await loginAs(t.app, 'customer'));
      const email = async () => (await messagesOf(t, order.id)).find((m) => m.channel === 'email' && m.event === 'placed')!;
      await until(t, async () => (await email()).attempts >= 1 && (await email()).status !== 'sending');
      const failed = await email();
      // The first try met the 421; the row waits for its retry with the error kept.
      if (failed.status === 'pending') {
        expect(failed.lastError).toMatch(/421|Service not available/);
        expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(failed.updatedAt.getTime() - 1000);
      }
      await until(t, async () => (await email()).status === 'sent');
      const sent = await email();
      expect(sent).toMatchObject({ status: 'sent', provider: 'smtp', attempts: 2, lastError: null });
      expect(smtp.connections).toBeGreaterThanOrEqual(2);
      const mails = smtp.mails.filter((m) => m.data.includes(order.id.slice(0, 8).toUpperCase()));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to.join()).toContain('customer@shop.test');
      expect(mails[0]!.data).toContain('Subject: Kampala Prime Meats: Order #');
      // Both a text and an HTML part: mail programs show the HTML and fall back to the text.
      expect(mails[0]!.data).toMatch(/Content-Type: multipart\/alternative/i);
      expect(mails[0]!.data).toMatch(/Content-Type: text\/plain/i);
      expect(mails[0]!.data).toMatch(/Content-Type: text\/html/i);

      // The SMS went through Africa's Talking with the API key and the form body.
      await until(t, async () => (await messagesOf(t, order.id)).some((m) => m.channel === 'sms' && m.status === 'sent'));
      const sms = at.requests.filter((r) => r.form.get('message')?.includes(order.id.slice(0, 8).toUpperCase()));
      expect(sms).toHaveLength(1);
      expect(sms[0]!.apiKey).toBe('test-api-key');
      expect(sms[0]!.form.get('username')).toBe('sandbox');
      expect(sms[0]!.form.get('to')).toBe('+256772100002');
    });

    it('sends no SMS to a customer who opted out, and still sends the email', async () => {
      const other = await makeCustomer(t.app, `optout-${driver}@shop.test`);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: { origin: ORIGIN, cookie: other.cookie },
        payload: { fullName: 'Other Customer', phone: '0772999001', smsOptOut: true },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().smsOptOut).toBe(true);

      const flow = await orderFlow(t);
      const before = at.requests.length;
      const order = await flow.place(other.cookie);
      await flow.assign(order.id);
      await until(t, async () => (await messagesOf(t, order.id)).filter((m) => m.channel === 'email').every((m) => m.status === 'sent'));
      await t.app.deps.messages.drain();

      const rows = await messagesOf(t, order.id);
      expect(rows.filter((m) => m.channel === 'sms').map((m) => m.status)).toEqual(['skipped', 'skipped']);
      expect(rows.filter((m) => m.channel === 'email' && m.status === 'sent')).toHaveLength(2);
      expect(at.requests.slice(before).filter((r) => r.form.get('message')?.includes(order.id.slice(0, 8).toUpperCase()))).toEqual([]);

      // Opting back in: the next event's SMS goes out.
      await t.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: { origin: ORIGIN, cookie: other.cookie },
        payload: { fullName: 'Other Customer', phone: '0772999001', smsOptOut: false },
      });
      await flow.pickup(order.id);
      await until(
        t,
        async () =>
          (
            await t.database.db
              .select()
              .from(customerMessages)
              .where(
                and(eq(customerMessages.orderId, order.id), eq(customerMessages.event, 'picked_up'), eq(customerMessages.channel, 'sms')),
              )
          )[0]?.status === 'sent',
      );
    });
  });

  it.runIf(driver === 'postgres')('sends each message once when two server instances drain together', async () => {
    const a = await createTestApp(driver, { env: { MESSAGE_POLL_MS: '600000' } });
    const b = await createTestApp(driver, { seed: false, databaseUrl: a.databaseUrl, env: { MESSAGE_POLL_MS: '600000' } });
    try {
      const sent: string[] = [];
      const slow: MessageProvider = {
        name: 'outbox',
        async send(m: OutgoingMessage) {
          await sleep(5);
          sent.push(m.body);
        },
      };
      for (const app of [a.app, b.app]) app.deps.messageProviders = { sms: slow, email: slow };
      await a.database.db
        .insert(customerMessages)
        .values(Array.from({ length: 60 }, (_, i) => ({ event: 'placed', channel: 'sms', recipient: '+256772100002', body: `m${i}` })));
      await Promise.all([
        a.app.deps.messages.drain(),
        b.app.deps.messages.drain(),
        a.app.deps.messages.drain(),
        b.app.deps.messages.drain(),
      ]);
      expect(sent).toHaveLength(60);
      expect(new Set(sent).size).toBe(60);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
