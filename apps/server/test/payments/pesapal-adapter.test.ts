/** The Pesapal adapter against a fake Pesapal server started here (follows shared/pesapal.md). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError, type SubmitOrderInput } from '../../src/modules/payments/payment-provider.ts';
import { createPesapalProvider, type IpnStore } from '../../src/modules/payments/pesapal/pesapal-provider.ts';
import { FAKE_KEY, FAKE_SECRET, type FakePesapal, startFakePesapal } from './fake-pesapal.ts';

const IPN_URL = 'https://shop.example/api/payments/ipn';

function memoryStore(): IpnStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, get: async (k) => data.get(k) || null, set: async (k, v) => void data.set(k, v) };
}

const order = (ref = `ABCD1234-${Math.random().toString(16).slice(2, 8)}`): SubmitOrderInput => ({
  merchantReference: ref,
  amount: 45_000,
  currency: 'UGX',
  description: 'Order #ABCD1234 - Kampala Prime Meats',
  callbackUrl: 'https://shop.example/orders/confirm',
  cancellationUrl: 'https://shop.example/orders/abcd',
  method: 'mtn_money',
  billing: {
    email: 'daniel@example.ug',
    phone: '0772100002',
    firstName: 'Daniel',
    lastName: 'Mugisha',
    line1: 'Kampala Road',
    city: 'Kampala',
    countryCode: 'UG',
  },
});

describe('Pesapal adapter', () => {
  let fake: FakePesapal;
  let store: ReturnType<typeof memoryStore>;
  let clock: number;
  const make = (over: Partial<Parameters<typeof createPesapalProvider>[0]> = {}) =>
    createPesapalProvider({
      baseUrl: fake.baseUrl,
      consumerKey: FAKE_KEY,
      consumerSecret: FAKE_SECRET,
      ipnUrl: IPN_URL,
      ipnStore: store,
      // Generous: a busy CI machine must not turn a slow answer into a retry the counts would see.
      timeoutMs: 3_000,
      retries: 2,
      backoffMs: 10,
      now: () => clock,
      ...over,
    });

  beforeEach(async () => {
    fake = await startFakePesapal({ timeoutDelayMs: 5_000 });
    store = memoryStore();
    clock = Date.now();
  });
  afterEach(async () => {
    await fake.close();
  });

  it('happy path: token, IPN registration, order with billing details, then status pending and completed', async () => {
    const p = make();
    const input = order();
    const sub = await p.submitOrder(input);
    expect(sub.redirectUrl).toContain(`OrderTrackingId=${sub.orderTrackingId}`);
    expect(sub.merchantReference).toBe(input.merchantReference);

    const register = fake.calls.find((c) => c.path === '/api/URLSetup/RegisterIPN')!;
    expect(register.body).toEqual({ url: IPN_URL, ipn_notification_type: 'GET' });
    const submitted = fake.calls.find((c) => c.path === '/api/Transactions/SubmitOrderRequest')!;
    expect(submitted.auth).toMatch(/^Bearer tok_/);
    expect(submitted.body).toMatchObject({
      id: input.merchantReference,
      currency: 'UGX',
      amount: 45_000,
      notification_id: fake.ipns[0]!.ipn_id,
      callback_url: input.callbackUrl,
      billing_address: {
        email_address: 'daniel@example.ug',
        phone_number: '0772100002',
        country_code: 'UG',
        first_name: 'Daniel',
        last_name: 'Mugisha',
      },
    });
    expect(typeof (submitted.body as { amount: unknown }).amount).toBe('number');

    // Not paid yet: HTTP 200 with body status "500" / payment_details_not_found is pending, not an error.
    const pending = await p.getTransactionStatus(sub.orderTrackingId);
    expect(pending).toMatchObject({ state: 'pending', statusCode: 0, statusDescription: 'INVALID' });

    fake.settle(sub.orderTrackingId, 1, { method: 'MTN' });
    const done = await p.getTransactionStatus(sub.orderTrackingId);
    expect(done).toMatchObject({
      state: 'completed',
      statusDescription: 'COMPLETED',
      amount: 45_000,
      currency: 'UGX',
      merchantReference: input.merchantReference,
      paymentMethod: 'MTN',
      confirmationCode: '6513008693186320103009',
    });
    // One token for all four calls.
    expect(fake.count('/api/Auth/RequestToken')).toBe(1);
  });

  it('renews an expired token: proactively after its lifetime, and once after a 401', async () => {
    const p = make();
    await p.submitOrder(order());
    expect(fake.count('/api/Auth/RequestToken')).toBe(1);

    // Docs: 5 minutes. The adapter refreshes a minute early.
    clock += 4 * 60_000 + 1_000;
    await p.submitOrder(order());
    expect(fake.count('/api/Auth/RequestToken')).toBe(2);

    // The server drops the token before we expected it to: one 401, one fresh token, then success.
    fake.revokeTokens();
    const sub = await p.submitOrder(order());
    expect(sub.orderTrackingId).toBeTruthy();
    expect(fake.count('/api/Auth/RequestToken')).toBe(3);
  });

  it('shares one token request between concurrent calls', async () => {
    const p = make();
    const first = await p.submitOrder(order());
    await Promise.all([1, 2, 3].map(() => p.getTransactionStatus(first.orderTrackingId)));
    expect(fake.count('/api/Auth/RequestToken')).toBe(1);
  });

  it('registers the IPN URL once and reuses its id (in this process, after a restart, and from the list)', async () => {
    await make().submitOrder(order());
    await make().submitOrder(order()); // a new instance with the same store: a restart, or a second server
    expect(fake.count('/api/URLSetup/RegisterIPN')).toBe(1);
    expect([...store.data.values()]).toEqual([fake.ipns[0]!.ipn_id]);

    // Store lost, but Pesapal lists our URL: reuse it rather than registering again.
    store.data.clear();
    const p = make();
    await p.submitOrder(order());
    await p.submitOrder(order());
    expect(fake.count('/api/URLSetup/RegisterIPN')).toBe(1);
    expect(
      fake.calls
        .filter((c) => c.path === '/api/Transactions/SubmitOrderRequest')
        .every((c) => (c.body as { notification_id: string }).notification_id === fake.ipns[0]!.ipn_id),
    ).toBe(true);
  });

  it('registers again when Pesapal does not know the stored ipn_id (keys from another environment)', async () => {
    store.data.set(`pesapal_ipn_id:${fake.baseUrl}|${IPN_URL}`, 'stale-id-from-sandbox');
    const sub = await make().submitOrder(order());
    expect(sub.orderTrackingId).toBeTruthy();
    expect(fake.count('/api/URLSetup/RegisterIPN')).toBe(1);
  });

  it('reads FAILED and REVERSED statuses, whatever their casing', async () => {
    const p = make();
    const a = await p.submitOrder(order());
    const b = await p.submitOrder(order());
    fake.settle(a.orderTrackingId, 2);
    fake.settle(b.orderTrackingId, 3, { description: 'Chargeback' });
    expect(await p.getTransactionStatus(a.orderTrackingId)).toMatchObject({
      state: 'failed',
      statusCode: 2,
      statusDescription: 'FAILED',
      description: 'Unable to Authorize Transaction.Kindly contact your bank for assistance',
    });
    expect(await p.getTransactionStatus(b.orderTrackingId)).toMatchObject({
      state: 'reversed',
      statusCode: 3,
      statusDescription: 'REVERSED',
      description: 'Chargeback',
    });
  });

  it('reports the amount and currency Pesapal says were paid, for the shop to compare', async () => {
    const p = make();
    const a = await p.submitOrder(order());
    fake.settle(a.orderTrackingId, 1, { amount: 100, currency: 'KES' });
    expect(await p.getTransactionStatus(a.orderTrackingId)).toMatchObject({ state: 'completed', amount: 100, currency: 'KES' });
  });

  it('turns a provider 500 into a provider error with its code, and does not retry a state-changing call', async () => {
    const p = make();
    fake.fail('/api/Transactions/SubmitOrderRequest', '500', 3);
    const err = await p.submitOrder(order()).catch((e) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ kind: 'provider', code: 'internal_server_error' });
    expect(fake.count('/api/Transactions/SubmitOrderRequest')).toBe(1);
  });

  it('retries a status request after a gateway error and succeeds', async () => {
    const p = make();
    const a = await p.submitOrder(order());
    fake.fail('/api/Transactions/GetTransactionStatus', 'html502', 2);
    expect((await p.getTransactionStatus(a.orderTrackingId)).state).toBe('pending');
    expect(fake.count('/api/Transactions/GetTransactionStatus')).toBe(3);
  });

  it('gives a network error after a time-out (status retried with back-off, order submission not)', async () => {
    const a = await make().submitOrder(order());
    // Same store and fake, a short time-out (the fake holds these answers for 5 s).
    const p = make({ timeoutMs: 500 });
    fake.fail('/api/Transactions/GetTransactionStatus', 'timeout', 3);
    const err = await p.getTransactionStatus(a.orderTrackingId).catch((e) => e);
    expect(err).toMatchObject({ kind: 'network', code: 'timeout' });
    expect(fake.count('/api/Transactions/GetTransactionStatus')).toBe(3);

    fake.fail('/api/Transactions/SubmitOrderRequest', 'timeout', 1);
    const before = fake.count('/api/Transactions/SubmitOrderRequest');
    expect(await p.submitOrder(order()).catch((e) => e)).toMatchObject({ kind: 'network', code: 'timeout' });
    expect(fake.count('/api/Transactions/SubmitOrderRequest')).toBe(before + 1);
  });

  it('gives a network error when nothing listens', async () => {
    const url = fake.baseUrl;
    await fake.close();
    const p = make({ baseUrl: url });
    expect(await p.submitOrder(order()).catch((e) => e)).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });
    fake = await startFakePesapal();
  });

  it('treats an answer without a payment page as a failure', async () => {
    const p = make();
    await p.submitOrder(order());
    fake.fail('/api/Transactions/SubmitOrderRequest', 'no-redirect');
    expect(await p.submitOrder(order()).catch((e) => e)).toMatchObject({ kind: 'provider', code: 'missing_redirect_url' });
  });

  it('reports wrong keys as a provider error', async () => {
    const p = make({ consumerSecret: 'wrong' });
    expect(await p.submitOrder(order()).catch((e) => e)).toMatchObject({
      kind: 'provider',
      code: 'invalid_consumer_key_or_secret_provided',
    });
  });
});
