/**
 * Abuse limits: sign-in, sign-up, subscriptions, reviews, geocoding and payment initiation each stop
 * at their limit with 429 and a clear message in our error shape. And no message tells whether an
 * email has an account: a wrong password and an unknown email get the same answer, and a taken email
 * at rider sign-up gets a neutral one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders.ts';
import { SIGN_UP_REFUSED } from '../src/modules/accounts/accounts.service.ts';
import { ORIGIN, type TestContext, createTestApp } from './helpers.ts';
import { insertOrder, outletIds } from './fixtures/rider-orders.ts';
import { makeCustomer } from './fixtures/people.ts';

type Res = Awaited<ReturnType<TestContext['app']['inject']>>;

describe('abuse limits and account enumeration', () => {
  let t: TestContext;
  let n = 0;
  /** Each request from its own address unless given one, so limits do not leak between cases. */
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = `10.9.${++n % 250}.${n % 200}`) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, ...headers }, remoteAddress: ip });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN, cookie } });

  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Sends until the first 429 (at most `max` tries); returns how many got through and the 429. */
  async function until429(max: number, send: (i: number) => Promise<Res>) {
    for (let i = 0; i < max; i++) {
      const res = await send(i);
      if (res.statusCode === 429) return { passed: i, res };
    }
    throw new Error(`no 429 after ${max} requests`);
  }
  function expect429(res: Res, message: RegExp) {
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect(res.json().error.message).toMatch(message);
  }

  it('sign-in: 8 failures per email, then 429, and the right password waits too', async () => {
    const ip = '10.1.1.1';
    const { passed, res } = await until429(20, () =>
      post('/api/auth/sign-in', { email: 'customer@shop.test', password: 'wrong-pass' }, {}, ip),
    );
    expect(passed).toBe(8);
    expect429(res, /Too many sign-in attempts/);
    const right = await post('/api/auth/sign-in', { email: 'customer@shop.test', password: 'password123' }, {}, ip);
    expect(right.statusCode).toBe(429);
  });

  it('sign-in: 30 failures per address across emails, then 429', async () => {
    const ip = '10.1.1.2';
    const { passed, res } = await until429(40, (i) =>
      post('/api/auth/sign-in', { email: `nobody${i}@example.com`, password: 'wrong-pass' }, {}, ip),
    );
    expect(passed).toBe(30);
    expect429(res, /Too many sign-in attempts/);
  });

  it('sign-up: 10 per address in 10 minutes (customer and rider sign-up share it), then 429', async () => {
    const ip = '10.1.1.3';
    const { passed, res } = await until429(15, (i) =>
      i % 2
        ? post(
            '/api/auth/sign-up',
            { fullName: 'Spam Bot', phone: `07721${String(i).padStart(5, '0')}`, email: `spam${i}@example.com`, password: 'secret12' },
            {},
            ip,
          )
        : post(
            '/api/rider/sign-up',
            {
              fullName: 'Spam Rider',
              phone: `07521${String(i).padStart(5, '0')}`,
              email: `spamr${i}@example.com`,
              password: 'secret12',
              vehicleType: 'bicycle',
            },
            {},
            ip,
          ),
    );
    expect(passed).toBe(10);
    expect429(res, /Too many attempts/);
  });

  it('subscriptions: 20 per address an hour, then 429', async () => {
    const ip = '10.1.1.4';
    const { passed, res } = await until429(25, (i) =>
      post('/api/subscriptions', { email: `news${i}@example.com`, type: 'default' }, {}, ip),
    );
    expect(passed).toBe(20);
    expect429(res, /Too many attempts/);
  });

  it('reviews: 10 per customer an hour, then 429', async () => {
    const { cookie } = await makeCustomer(t.app, 'reviewer@example.com');
    const products = (await get('/api/products', cookie)).json().products as { id: string }[];
    const { passed, res } = await until429(15, (i) =>
      post(`/api/products/${products[i % products.length]!.id}/reviews`, { rating: 4, comment: `Review number ${i}` }, { cookie }),
    );
    expect(passed).toBe(10);
    expect429(res, /many reviews in a short time/);
  });

  it('geocoding: 120 look-ups per person in 10 minutes, then 429', async () => {
    const other = await makeCustomer(t.app, 'geo-heavy@example.com');
    const { passed, res } = await until429(130, (i) =>
      get(`/api/geo/search?q=${encodeURIComponent(i % 2 ? 'Ntinda' : 'Kira')}`, other.cookie),
    );
    expect(passed).toBe(120);
    expect429(res, /Too many attempts/);
  });

  it('payment initiation: 20 per customer in 10 minutes, then 429', async () => {
    const payer = await makeCustomer(t.app, 'payer@example.com');
    const db = t.database.db;
    const [outletId] = await outletIds(db);
    const order = await insertOrder(db, { userId: payer.id, outletId: outletId!, status: 'pending' });
    await db.update(orders).set({ paymentMethod: 'mtn_money' }).where(eq(orders.id, order.id));
    const { passed, res } = await until429(25, () => post('/api/payments/initiate', { orderId: order.id }, { cookie: payer.cookie }));
    expect(passed).toBe(20);
    expect429(res, /Too many attempts/);
  });

  it('sign-in says the same for an unknown email as for a wrong password', async () => {
    const wrong = await post('/api/auth/sign-in', { email: 'admin@shop.test', password: 'not-the-password' });
    const unknown = await post('/api/auth/sign-in', { email: 'no-such-person@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe('Invalid email or password');
    // Rider sign-in too.
    const riderWrong = await post('/api/rider/sign-in', { email: 'rider@shop.test', password: 'not-the-password' });
    const riderUnknown = await post('/api/rider/sign-in', { email: 'no-such-rider@example.com', password: 'not-the-password' });
    expect(riderWrong.statusCode).toBe(riderUnknown.statusCode);
    expect(riderWrong.json()).toEqual(riderUnknown.json());
  });

  it('sign-in takes about as long for an unknown email as for a wrong password', async () => {
    const time = async (email: string) => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await post('/api/auth/sign-in', { email, password: `not-the-password-${i}` });
        samples.push(performance.now() - start);
      }
      return samples.sort((a, b) => a - b)[2]!;
    };
    const known = await time('outlet@shop.test');
    const unknown = await time('ghost@example.com');
    // A password hash runs either way; without it the unknown email would answer several times faster.
    expect(unknown / known).toBeGreaterThan(0.4);
  });

  it('rider sign-up does not confirm that an email has an account', async () => {
    // Customer sign-up answers a taken email like a new one (test/accounts/sign-up.test.ts).
    const res = await post('/api/rider/sign-up', {
      fullName: 'Curious Person',
      phone: '0772555111',
      email: 'customer@shop.test',
      password: 'secret12',
      vehicleType: 'bicycle',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(SIGN_UP_REFUSED);
    expect(res.json().error.message).not.toMatch(/exists|registered|taken/i);
  });
});
