/**
 * Which payments a shop takes, by configuration: a live shop (production, or an https address)
 * without Pesapal keys refuses mobile money and card and takes cash; PAYMENTS_SIMULATOR=true turns
 * the simulator on there on purpose; development has the simulator by default; the log says so.
 */
import { PAYMENT_MESSAGES } from '@meatshop/shared/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { insertPaymentAttempt } from '../../src/modules/payments/payments.repository.ts';
import { createOrder } from '../fixtures/orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';

const mobileMoney = { paymentMethod: 'mtn_money', mobileMoneyPhone: '0772100002' };

async function setUp(t: TestContext) {
  const product = await makeProduct(t, { price: 10_000, stock: 50 });
  return { cookie: await loginAs(t.app, 'customer'), items: [{ productId: product.id, quantity: 1 }] };
}

describe.each(drivers)('payments in production without Pesapal keys on %s', (driver) => {
  let t: TestContext;
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { NODE_ENV: 'production' } });
    s = await setUp(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses mobile money and card orders with a clear message', async () => {
    for (const over of [mobileMoney, { paymentMethod: 'card' }]) {
      const res = await placeOrder(t, s.cookie, checkoutBody(s.items, over));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({
        message: PAYMENT_MESSAGES.prepaidOff,
        fields: { paymentMethod: PAYMENT_MESSAGES.prepaidOff },
      });
    }
  });

  it('still takes cash on delivery', async () => {
    const res = await placeOrder(t, s.cookie, checkoutBody(s.items));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.paymentMethod).toBe('cash_on_delivery');
  });

  it('tells checkout that only cash on delivery is offered', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().paymentMethods).toEqual(['cash_on_delivery']);
  });

  it('refuses to start a payment and serves no simulator page', async () => {
    // An order placed while payments were on (configuration changed since) cannot be paid now either.
    const order = await createOrder(t.database.db, { email: 'customer@shop.test', paymentMethod: 'mtn_money' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: { origin: ORIGIN, cookie: s.cookie },
      payload: { orderId: order.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.prepaidOff);
    const page = await t.app.inject({ method: 'GET', url: '/pay/simulator/4b0c1a8e-7f4e-4d5e-9a3c-2f1d6e8b9c01' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('name="pin"');
  });

  it('refunds an order paid through an earlier provider only in cash at an outlet', async () => {
    const order = await createOrder(t.database.db, { email: 'customer@shop.test', paymentMethod: 'card', paymentStatus: 'paid' });
    await insertPaymentAttempt(t.database.db, {
      orderId: order.id,
      provider: 'pesapal',
      method: 'card',
      merchantReference: 'OLD-PROVIDER-1',
      amount: order.totalAmount,
      currency: 'UGX',
      status: 'completed',
    });
    const admin = await loginAs(t.app, 'admin');
    const refund = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refunds`,
        headers: { origin: ORIGIN, cookie: admin },
        payload: body,
      });
    const through = await refund({ amount: 1_000, reason: 'goodwill' });
    expect(through.statusCode).toBe(422);
    expect(through.json().error.message).toMatch(/cash at an outlet/);
    expect((await refund({ amount: 1_000, reason: 'goodwill', cashAtOutlet: true })).statusCode).toBe(201);
  });
});

describe.each([
  ['production with PAYMENTS_SIMULATOR=true', { NODE_ENV: 'production', PAYMENTS_SIMULATOR: 'true' }],
  ['development by default', { NODE_ENV: 'development' }],
] as const)('payments in %s', (_name, env) => {
  let t: TestContext;
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env });
    s = await setUp(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes a mobile money order and sends the customer to the simulator page', async () => {
    const placed = await placeOrder(t, s.cookie, checkoutBody(s.items, mobileMoney));
    expect(placed.statusCode, placed.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: { origin: ORIGIN, cookie: s.cookie },
      payload: { orderId: placed.json().order.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: new URL(res.json().paymentUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="pin"');
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().paymentMethods).toEqual(expect.arrayContaining(['mtn_money', 'airtel_money', 'card', 'cash_on_delivery']));
  });
});

describe('payment configuration', () => {
  it('treats an https address as a live shop', () => {
    const base = { PUBLIC_URL: 'https://shop.example.ug', NODE_ENV: 'development' };
    expect(loadConfig(base).prepaidPayments).toBe('off');
    expect(loadConfig({ ...base, PAYMENTS_SIMULATOR: 'true' }).prepaidPayments).toBe('simulator');
    expect(loadConfig({ ...base, PESAPAL_CONSUMER_KEY: 'k', PESAPAL_CONSUMER_SECRET: 's' }).prepaidPayments).toBe('pesapal');
    expect(loadConfig({ NODE_ENV: 'development', PAYMENTS_SIMULATOR: 'false' }).prepaidPayments).toBe('off');
  });

  it('logs a warning at start whenever the simulator is live, and when card and mobile money are off', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const warnings = async (env: Record<string, string>) => {
      const lines: { level: number; msg: string }[] = [];
      const config = loadConfig({
        NODE_ENV: 'test',
        BACKGROUND_JOBS: 'off',
        DATA_DIR: '/tmp/meatshop-unused',
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
        ...env,
      });
      const app = await buildApp({ config, database, logStream: { write: (line) => lines.push(JSON.parse(line)) } });
      await app.close();
      // pino's level 40 is "warn".
      return lines.filter((l) => l.level === 40).map((l) => l.msg);
    };
    try {
      expect(await warnings({ PUBLIC_URL: 'https://shop.example.ug', PAYMENTS_SIMULATOR: 'true' })).toEqual([
        expect.stringMatching(/PAYMENTS_SIMULATOR is on in production/),
      ]);
      expect(await warnings({})).toEqual([expect.stringMatching(/Payment simulator is live/)]);
      expect(await warnings({ PUBLIC_URL: 'https://shop.example.ug' })).toEqual([expect.stringMatching(/only cash on delivery/)]);
      expect(await warnings({ PUBLIC_URL: 'https://shop.example.ug', PESAPAL_CONSUMER_KEY: 'k', PESAPAL_CONSUMER_SECRET: 's' })).toEqual(
        [],
      );
    } finally {
      await database.close();
    }
  }, 180_000);
});
