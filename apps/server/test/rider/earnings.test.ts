import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riderEarnings } from '../../src/db/schema/delivery.ts';
import { earningsFor } from '../../src/modules/delivery/earnings.service.ts';
import { makeRider } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';

// Wednesday 18 Nov 2026, 10:00 in Kampala (07:00 UTC).
const NOW = new Date('2026-11-18T07:00:00Z');
const at = (iso: string) => new Date(iso);

describe.each(drivers)('rider earnings on %s', (driver) => {
  let t: TestContext;
  let riderId: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const r = await makeRider(t.app, `earner-${driver}@example.com`);
    riderId = r.id;
    cookie = r.cookie;
    const e = (amount: number, createdAt: Date, type: 'delivery' | 'tip' | 'bonus' = 'delivery') => ({ riderId, amount, createdAt, type });
    await t.app.deps.db.insert(riderEarnings).values([
      e(4_000, at('2026-11-18T05:00:00Z')), // today 08:00 Kampala
      e(1_000, at('2026-11-17T21:30:00Z'), 'tip'), // today 00:30 Kampala (still the 17th in UTC)
      e(3_000, at('2026-11-17T20:30:00Z')), // yesterday 23:30 Kampala
      e(2_500, at('2026-11-16T06:00:00Z')), // Monday: this week
      e(5_000, at('2026-11-15T10:00:00Z'), 'bonus'), // Sunday: last week, this month
      e(6_000, at('2026-11-10T10:00:00Z')), // last week
      e(7_000, at('2026-10-31T20:59:00Z')), // 31 Oct 23:59 Kampala: last month
      e(8_000, at('2026-10-31T21:00:00Z')), // 1 Nov 00:00 Kampala: this month
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sums each period by Kampala days, weeks from Monday, and months', async () => {
    const today = await earningsFor(t.app.deps.db, riderId, 'today', NOW);
    expect(today.summary).toEqual({ today: 5_000, week: 10_500, month: 29_500, total: 36_500 });
    expect(today).toMatchObject({ amount: 5_000, deliveries: 1, previousAmount: 3_000, changePercent: 67 });
    expect(today.entries.map((x) => x.amount)).toEqual([4_000, 1_000]);

    const week = await earningsFor(t.app.deps.db, riderId, 'week', NOW);
    expect(week).toMatchObject({ amount: 10_500, deliveries: 3, previousAmount: 11_000, changePercent: -5 });

    const month = await earningsFor(t.app.deps.db, riderId, 'month', NOW);
    expect(month).toMatchObject({ amount: 29_500, previousAmount: 7_000, changePercent: 321 });

    const total = await earningsFor(t.app.deps.db, riderId, 'total', NOW);
    expect(total).toMatchObject({ amount: 36_500, deliveries: 6, previousAmount: null, changePercent: null });
    expect(total.entries).toHaveLength(8);
  });

  it('serves the earnings and validates the period', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/rider/earnings?period=total', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(36_500);
    const bad = await t.app.inject({ method: 'GET', url: '/api/rider/earnings?period=year', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    const stats = await t.app.inject({ method: 'GET', url: '/api/rider/stats', headers: { cookie } });
    expect(stats.json()).toMatchObject({ todayDeliveries: 0, activeDeliveries: 0 });
  });

  it('lets an admin add a tip or a bonus, and no one else', async () => {
    const admin = await loginAs(t.app, 'admin');
    const add = (cookie: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/riders/${riderId}/earnings`, payload, headers: { cookie, origin: ORIGIN } });
    const tip = await add(admin, { type: 'tip', amount: 2_000, note: 'Great service' });
    expect(tip.statusCode, tip.body).toBe(201);
    expect(tip.json()).toMatchObject({ type: 'tip', amount: 2_000, note: 'Great service' });
    expect((await add(admin, { type: 'delivery', amount: 2_000 })).statusCode).toBe(400);
    expect((await add(admin, { type: 'bonus', amount: -5 })).statusCode).toBe(400);
    expect((await add(cookie, { type: 'bonus', amount: 5_000 })).statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/riders/nobody/earnings',
      payload: { type: 'tip', amount: 1 },
      headers: { cookie: admin, origin: ORIGIN },
    });
    expect(unknown.statusCode).toBe(404);
    const total = await t.app.inject({ method: 'GET', url: '/api/rider/earnings?period=total', headers: { cookie } });
    expect(total.json().amount).toBe(38_500);
  });
});
