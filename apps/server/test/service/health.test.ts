/**
 * Health for load balancers and orchestrators: live answers while the process runs, ready only when
 * the database and the file store answer and the server is not shutting down; the usual short names
 * and /metrics never fall through to the storefront page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebBuild } from '../fixtures/fake-web-build.ts';
import { type TestContext, createTestApp, drivers, storageMatrix } from '../helpers.ts';

describe.each(drivers)('health on %s', (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, env: { WEB_DIST: fakeWebBuild() } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers live and ready with what it checked', async () => {
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', storage: 'ok' }, database: driver, storage: 'local' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers the usual short names, and never with the storefront page', async () => {
    expect((await t.app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ok' });
    expect((await t.app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
    expect((await t.app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
    // Without a metrics token /metrics does not exist; an unknown /api path is a 404 too.
    for (const url of ['/metrics', '/api/nothing-here', '/api/health/nothing']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    // A storefront address is still the page.
    const page = await t.app.inject({ url: '/products' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('is not ready while shutting down, and still live', async () => {
    const other = await createTestApp(driver, { seed: false });
    try {
      other.app.startDraining();
      const ready = await other.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe('UNAVAILABLE');
      expect((await other.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe.each(storageMatrix.filter(([, s]) => s === 's3'))('readiness on %s with the file store gone (%s)', (driver, storage) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, storage });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ready while the bucket answers and says which check failed when it does not', async () => {
    const ok = await t.app.inject({ url: '/api/health/ready' });
    expect(ok.json()).toMatchObject({ checks: { database: 'ok', storage: 'ok' }, storage: 's3' });
    await t.s3!.close();
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'Storage unavailable' },
      checks: { database: 'ok', storage: 'failed' },
    });
    // Alive all the same: a store outage is no reason to restart the process.
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
  });
});
