/** Every /api/admin route refuses a visitor (401) and a customer, a rider and an outlet employee (403). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

describe.each(drivers)('admin access on %s', (driver) => {
  let t: TestContext;
  let routes: { method: string; url: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp(driver);
    // The OpenAPI document lists every route, so a new admin route is covered without editing this test.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/admin/'))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), url: p.replace(/\{[^}]+\}/g, SAMPLE_ID) })));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the admin routes', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  const call = (r: { method: string; url: string }, cookie?: string) =>
    t.app.inject({
      method: r.method as 'GET',
      url: r.url,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('answers 401 to a visitor on every admin route', async () => {
    for (const r of routes) {
      const res = await call(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it.each(['customer', 'rider', 'outlet'] as const)('answers 403 to a %s on every admin route', async (role) => {
    const cookie = await loginAs(t.app, role);
    for (const r of routes) {
      const res = await call(r, cookie);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('lets the admin in', async () => {
    const cookie = await loginAs(t.app, 'admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });
});
