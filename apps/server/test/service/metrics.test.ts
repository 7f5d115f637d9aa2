/**
 * Prometheus metrics as a scraper sees them: behind the token on the shop's port, or on a port of
 * their own; request latency by route pattern, orders placed, payments by state, the message queue,
 * open event streams and database connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { startMetricsServer } from '../../src/platform/metrics.ts';
import { openSse } from '../events/sse-client.ts';
import { startSimulatorPayment } from '../fixtures/simulator.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';
import { type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';

const TOKEN = 'metrics-token-0123456789';

/** The value of one series (name and labels exactly as printed), or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return undefined;
}

describe.each(drivers)('metrics on %s', (driver) => {
  let t: TestContext;
  let customer: string;
  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { METRICS_TOKEN: TOKEN } });
    customer = await loginAs(t.app, 'customer');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are refused without the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('time each request under its route pattern and status', async () => {
    const product = await makeProduct(t, { price: 10_000, stock: 5 });
    await t.app.inject({ url: `/api/products/${product.id}` });
    await t.app.inject({ url: '/api/products/00000000-0000-4000-8000-000000000000' });
    const text = await scrape();
    // One series per pattern, not per product id.
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/:id",status_code="200"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/:id",status_code="404"}')).toBe(1);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/products\/:id",status_code="200"\} [01]/,
    );
    expect(text).not.toContain(product.id);
  });

  it('count orders placed, and a repeated Idempotency-Key counts once', async () => {
    const series = 'meatshop_orders_placed_total{payment_method="cash_on_delivery"}';
    const before = sample(await scrape(), series) ?? 0;
    const product = await makeProduct(t, { price: 10_000, stock: 5 });
    const headers = { 'idempotency-key': `metrics-${driver}-${Date.now()}` };
    expect((await placeOrder(t, customer, checkoutBody([{ productId: product.id, quantity: 1 }]), headers)).statusCode).toBe(201);
    expect((await placeOrder(t, customer, checkoutBody([{ productId: product.id, quantity: 1 }]), headers)).statusCode).toBe(200);
    expect(sample(await scrape(), series)).toBe(before + 1);
  });

  it('show payments by state from the database', async () => {
    const pending = 'meatshop_payments{state="pending"}';
    const before = sample(await scrape(), pending) ?? 0;
    const product = await makeProduct(t, { price: 10_000, stock: 5 });
    const placed = await placeOrder(t, customer, checkoutBody([{ productId: product.id, quantity: 1 }], { paymentMethod: 'card' }));
    expect(placed.statusCode).toBe(201);
    const { approve } = await startSimulatorPayment(t.app, customer, placed.json().order.id, 'card');
    expect(sample(await scrape(), pending)).toBe(before + 1);
    const completed = sample(await scrape(), 'meatshop_payments{state="completed"}') ?? 0;
    await approve();
    const after = await scrape();
    expect(sample(after, pending)).toBe(before);
    expect(sample(after, 'meatshop_payments{state="completed"}')).toBe(completed + 1);
  });

  it('show the messages waiting to be sent and how long the oldest has waited', async () => {
    await t.app.deps.messages.drain();
    const idle = await scrape();
    expect(sample(idle, 'meatshop_message_queue_depth')).toBe(0);
    expect(sample(idle, 'meatshop_message_queue_oldest_age_seconds')).toBe(0);
    // With the worker stopped, the order's SMS and email wait in the queue.
    await t.app.deps.messages.stop();
    const product = await makeProduct(t, { price: 10_000, stock: 5 });
    expect((await placeOrder(t, customer, checkoutBody([{ productId: product.id, quantity: 1 }]))).statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 1_100));
    const waiting = await scrape();
    expect(sample(waiting, 'meatshop_message_queue_depth')).toBeGreaterThanOrEqual(1);
    expect(sample(waiting, 'meatshop_message_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(1);
  });

  it('count the live event streams open on this instance, and database connections', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect(sample(await scrape(), 'meatshop_event_streams')).toBe(0);
    const a = await openSse(url, customer);
    const b = await openSse(url, customer);
    expect(sample(await scrape(), 'meatshop_event_streams')).toBe(2);
    a.close();
    await expect.poll(async () => sample(await scrape(), 'meatshop_event_streams')).toBe(1);
    b.close();
    const text = await scrape();
    expect(sample(text, 'meatshop_db_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'meatshop_db_connections{state="waiting"}')).toBe(0);
    // The process's own: memory, event loop delay.
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('metrics on a port of their own', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, env: { METRICS_PORT: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answer GET /metrics there, and are not on the shop port', async () => {
    const server = await startMetricsServer(t.app.deps.metrics!, 0, '127.0.0.1');
    try {
      await t.app.inject({ url: '/api/health/live' });
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_request_duration_seconds_count{method="GET",route="/api/health/live",status_code="200"} 1');
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('are not collected at all when neither a port nor a token is set', async () => {
    const plain = await createTestApp('pglite', { seed: false });
    try {
      expect(plain.app.deps.metrics).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
