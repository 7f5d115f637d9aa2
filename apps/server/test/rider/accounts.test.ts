import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestContext, cookieFrom, createTestApp, drivers, loginAs } from '../helpers.ts';

describe.each(drivers)('rider accounts on %s', (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });
  const post = (url: string, payload: object, cookie = '') =>
    t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, cookie } });

  it('signs up a rider: offline, waiting for approval (so not active), rating 0, no deliveries', async () => {
    const res = await post('/api/rider/sign-up', {
      fullName: 'Moses Okello',
      phone: '0752 123456',
      vehicleType: 'bicycle',
      email: 'Moses@Example.com',
      password: 'secret12',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rider).toMatchObject({
      email: 'moses@example.com',
      vehicleType: 'bicycle',
      status: 'offline',
      isActive: false,
      approval: 'pending',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/rider/me', headers: { cookie: cookieFrom(res.headers['set-cookie']) } });
    expect(me.json()).toMatchObject({ rating: 0, totalDeliveries: 0, phone: '+256752123456' });
  });

  it('validates the sign-up fields', async () => {
    const res = await post('/api/rider/sign-up', { fullName: '', phone: '1', vehicleType: 'car', email: 'x', password: '1' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['fullName', 'phone', 'vehicleType', 'email', 'password']));
  });

  it('signs out an account without a rider profile with the spec message', async () => {
    const res = await post('/api/rider/sign-in', { email: 'customer@shop.test', password: 'password123' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('No rider profile found. Please contact support.');
    const ok = await post('/api/rider/sign-in', { email: 'rider@shop.test', password: 'password123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().rider.fullName).toBe('Brian Kato');
  });

  it('edits full name and phone, both required; email stays', async () => {
    const cookie = await loginAs(t.app, 'rider');
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/rider/me', payload, headers: { cookie, origin: ORIGIN } });
    const bad = await patch({ fullName: ' ', phone: '' });
    expect(bad.statusCode).toBe(400);
    const ok = await patch({ fullName: 'Brian K. Kato', phone: '0752100004', email: 'hacker@example.com' });
    expect(ok.json()).toMatchObject({ fullName: 'Brian K. Kato', phone: '+256752100004', email: 'rider@shop.test' });
  });

  it('keeps customers out of the rider area', async () => {
    const cookie = await loginAs(t.app, 'customer');
    const res = await t.app.inject({ method: 'GET', url: '/api/rider/orders', headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });
});
