/**
 * Error reports: with SENTRY_DSN set, an unexpected server error reaches the service as an envelope
 * the Sentry ingest accepts, while the caller still gets the plain 500; without it nothing is sent.
 * The web app's reporter (apps/web/src/lib/error-reports.ts) is checked against the same service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startErrorReports } from '../../../web/src/lib/error-reports.ts';
import { type startFakeErrorService as Start, startFakeErrorService } from '../fixtures/fake-error-service.ts';
import { fakeWebBuild } from '../fixtures/fake-web-build.ts';
import { type TestContext, createTestApp, drivers } from '../helpers.ts';

type Fake = Awaited<ReturnType<typeof Start>>;
/** The parts of a Sentry event these tests read. */
type Envelope = Record<string, unknown> & {
  event_id: string;
  tags: Record<string, string>;
  exception: { values: { type: string; value: string; stacktrace: { frames: unknown[] } }[] };
};
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(drivers)('server error reports on %s', (driver) => {
  let t: TestContext;
  let fake: Fake;
  beforeAll(async () => {
    fake = await startFakeErrorService();
    t = await createTestApp(driver, {
      seed: false,
      env: { SENTRY_DSN: fake.dsn, SENTRY_ENVIRONMENT: 'staging', WEB_DIST: fakeWebBuild() },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends nothing for refusals the caller caused', async () => {
    expect((await t.app.inject({ url: `/api/products/${MISSING}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/orders' })).statusCode).toBe(401);
    await t.app.deps.errorReports!.flush();
    expect(fake.envelopes).toHaveLength(0);
  });

  it('reports an unexpected error with its request, and the caller gets the plain 500', async () => {
    // A table gone from under the server: the kind of failure no rule expects.
    await t.database.db.execute('ALTER TABLE products RENAME TO products_away' as never);
    try {
      const res = await t.app.inject({ url: `/api/products/${MISSING}` });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('INTERNAL');
      expect(res.body).not.toContain('products');
      const envelope = await fake.next();
      expect(envelope.query.get('sentry_version')).toBe('7');
      expect(envelope.contentType).toBe('application/x-sentry-envelope');
      expect(envelope.header).toMatchObject({ dsn: fake.dsn });
      const [item] = envelope.items;
      expect(item!.header).toEqual({ type: 'event' });
      const event = item!.payload as unknown as Envelope;
      expect(event.event_id).toBe(envelope.header.event_id);
      expect(event).toMatchObject({
        platform: 'node',
        level: 'error',
        environment: 'staging',
        request: { method: 'GET', url: `/api/products/${MISSING}` },
      });
      // The id every log line of the request carries, so the report and the log meet.
      expect(event.tags.request_id).toMatch(/^[0-9a-f]{16}$/);
      expect(event.exception.values[0]!.value).toMatch(/products/);
      expect(event.exception.values[0]!.stacktrace.frames.length).toBeGreaterThan(0);
    } finally {
      await t.database.db.execute('ALTER TABLE products_away RENAME TO products' as never);
    }
  });

  it('names the service in the page so the web app reports there too, and lets the page reach it', async () => {
    const page = await t.app.inject({ url: '/' });
    expect(page.body).toContain(`<meta name="error-reports" content="${fake.dsn}" data-environment="staging">`);
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ${new URL(fake.dsn).origin}`);
  });
});

describe('without a DSN', () => {
  it('has no reporter and puts nothing in the page', async () => {
    const t = await createTestApp('pglite', { seed: false, env: { WEB_DIST: fakeWebBuild() } });
    try {
      expect(t.app.deps.errorReports).toBeNull();
      expect((await t.app.inject({ url: '/' })).body).not.toContain('error-reports');
    } finally {
      await t.close();
    }
  });
});

describe('web app error reports', () => {
  let fake: Fake;
  beforeAll(async () => {
    fake = await startFakeErrorService();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('reports an uncaught error and an unhandled rejection from the page, a few per page at most', async () => {
    const page = new EventTarget();
    startErrorReports(fake.dsn, { environment: 'production', target: page, pageUrl: () => 'https://shop.test/checkout' });
    page.dispatchEvent(Object.assign(new Event('error'), { error: new TypeError('cart is undefined') }));
    const first = await fake.next();
    const event = first.items[0]!.payload as unknown as Envelope;
    expect(event).toMatchObject({ platform: 'javascript', environment: 'production', request: { url: 'https://shop.test/checkout' } });
    expect(event.exception.values[0]).toMatchObject({ type: 'TypeError', value: 'cart is undefined' });
    // Sent as a simple request: no preflight for the service to answer.
    expect(first.contentType).toBe('text/plain;charset=UTF-8');

    page.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('payment poll failed') }));
    await expect.poll(() => fake.envelopes.length).toBe(2);
    expect((fake.envelopes[1]!.items[0]!.payload as unknown as Envelope).exception.values[0]!.value).toBe('payment poll failed');

    for (let i = 0; i < 10; i++) page.dispatchEvent(Object.assign(new Event('error'), { error: new Error(`loop ${i}`) }));
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.envelopes).toHaveLength(5);
  });
});
