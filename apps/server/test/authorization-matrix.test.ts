/**
 * The authorization matrix: every API route, read from the server's own route table (so a new route
 * is covered automatically), called by every kind of caller. A caller whose role does not meet the
 * route's declared rule must be refused (401 without a session, 403 with the wrong role) before the
 * route does anything. Ownership (another customer's order, another outlet's data) is proven by each
 * domain's own tests.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRiders, outletEmployees } from '../src/db/schema/accounts.ts';
import type { Access } from '../src/platform/access.ts';
import { ORIGIN, type TestContext, cookieFrom, createTestApp, loginAs } from './helpers.ts';

type Caller = 'visitor' | 'customer' | 'admin' | 'rider' | 'outlet' | 'inactiveRider' | 'inactiveEmployee';

/** Which callers each access rule admits. */
const ADMITS: Record<Access, Caller[]> = {
  visitor: ['visitor', 'customer', 'admin', 'rider', 'outlet', 'inactiveRider', 'inactiveEmployee'],
  signedIn: ['customer', 'admin', 'rider', 'outlet', 'inactiveRider', 'inactiveEmployee'],
  customer: ['customer', 'admin', 'outlet', 'inactiveEmployee'],
  anyRider: ['rider', 'inactiveRider'],
  rider: ['rider'],
  outletEmployee: ['outlet'],
  admin: ['admin'],
};

const FAKE_ID = '00000000-0000-4000-8000-000000000000';

describe('authorization matrix (every route × every caller)', () => {
  let t: TestContext;
  const cookies = {} as Record<Caller, string>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const { app, database } = t;
    cookies.visitor = '';
    cookies.customer = await loginAs(app, 'customer');
    cookies.admin = await loginAs(app, 'admin');
    cookies.rider = await loginAs(app, 'rider');
    cookies.outlet = await loginAs(app, 'outlet');
    // Sign in first, then deactivate: the session stays but the role no longer admits them.
    cookies.inactiveRider = await signUpRider(t, 'inactive-rider@example.com');
    cookies.inactiveEmployee = await loginAs(app, 'outlet');
    await database.db.update(deliveryRiders).set({ isActive: false }).where(eq(deliveryRiders.email, 'inactive-rider@example.com'));
    const [emp] = await database.db.select().from(outletEmployees).limit(1);
    // The demo employee is needed active; make a second, inactive one sharing nothing but the outlet.
    cookies.inactiveEmployee = await makeInactiveEmployee(t, emp!.outletId, emp!.roleId);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has an access rule on every API route', () => {
    const api = t.app.accessTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(3);
    for (const r of api) expect(r.config?.access, `${r.method} ${r.url}`).toBeTruthy();
  });

  it('refuses every caller a route does not admit', async () => {
    const api = t.app.accessTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
    const failures: string[] = [];
    let checked = 0;
    for (const r of api) {
      const access = r.config!.access!;
      if (access === 'visitor') continue;
      const methods = Array.isArray(r.method) ? r.method : [r.method];
      const url = r.url.replace(/:[A-Za-z_]+/g, FAKE_ID).replace('*', 'x');
      for (const method of methods) {
        for (const caller of Object.keys(cookies) as Caller[]) {
          if (ADMITS[access].includes(caller)) continue;
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { origin: ORIGIN, ...(cookies[caller] ? { cookie: cookies[caller] } : {}) },
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          checked++;
          const expected = caller === 'visitor' ? 401 : 403;
          if (res.statusCode !== expected) failures.push(`${method} ${r.url} as ${caller}: ${res.statusCode} (expected ${expected})`);
          else if (!res.json().error?.code) failures.push(`${method} ${r.url} as ${caller}: body not in the error shape`);
        }
      }
    }
    expect(failures).toEqual([]);
    if (api.some((r) => r.config?.access !== 'visitor')) expect(checked).toBeGreaterThan(0);
  });
});

async function signUpRider(t: TestContext, email: string) {
  const { createAccount } = await import('../src/modules/accounts/accounts.service.ts');
  const { app, database } = t;
  await createAccount(database.db, app.deps.auth, { email, password: 'password123', fullName: 'Idle Rider' }, new Headers(), async (id) => {
    await database.db.insert(deliveryRiders).values({ id, email, fullName: 'Idle Rider', phone: '+256752000001' });
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: ORIGIN },
    payload: { email, password: 'password123' },
  });
  return cookieFrom(res.headers['set-cookie']);
}

async function makeInactiveEmployee(t: TestContext, outletId: string, roleId: number) {
  const { createAccount } = await import('../src/modules/accounts/accounts.service.ts');
  const { users } = await import('../src/db/schema/accounts.ts');
  const { app, database } = t;
  const email = 'inactive-employee@example.com';
  await createAccount(
    database.db,
    app.deps.auth,
    { email, password: 'password123', fullName: 'Former Staff' },
    new Headers(),
    async (id) => {
      await database.db.insert(users).values({ id, email, fullName: 'Former Staff' });
      await database.db.insert(outletEmployees).values({ userId: id, outletId, roleId, isActive: false });
    },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: ORIGIN },
    payload: { email, password: 'password123' },
  });
  return cookieFrom(res.headers['set-cookie']);
}
