import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';

describe.each(drivers)('account, saved addresses and geo on %s', (driver) => {
  let t: TestContext;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    cookie = await loginAs(t.app, 'customer');
  });
  afterAll(async () => {
    await t?.close();
  });
  const req = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });

  it('reads and updates the profile; email stays read-only', async () => {
    expect((await req('GET', '/api/account/profile')).json()).toMatchObject({ email: 'customer@shop.test', fullName: 'Daniel Mugisha' });
    const res = await req('PUT', '/api/account/profile', { fullName: ' Daniel K. Mugisha ', phone: '0772 100 009', email: 'evil@x.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'customer@shop.test', fullName: 'Daniel K. Mugisha', phone: '+256772100009' });
    const bad = await req('PUT', '/api/account/profile', { fullName: '', phone: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['fullName', 'phone']));
  });

  it('saves addresses newest first; the first one is the default', async () => {
    expect((await req('GET', '/api/account/addresses')).json().addresses).toEqual([]);
    const a = await req('POST', '/api/account/addresses', { address: 'Ntinda, Kampala, Uganda', lat: 0.354, lng: 32.616 });
    expect(a.statusCode).toBe(201);
    expect(a.json().isDefault).toBe(true);
    const b = await req('POST', '/api/account/addresses', { address: 'Kololo, Kampala, Uganda', lat: 0.33, lng: 32.59 });
    expect(b.json().isDefault).toBe(false);
    const list = (await req('GET', '/api/account/addresses')).json().addresses;
    expect(list.map((x: { address: string }) => x.address)).toEqual(['Kololo, Kampala, Uganda', 'Ntinda, Kampala, Uganda']);
    expect((await req('POST', '/api/account/addresses', { address: 'x', lat: 200, lng: 0 })).statusCode).toBe(400);
  });

  it('searches the built-in gazetteer and reverse-geocodes to the nearest place', async () => {
    const search = await req('GET', '/api/geo/search?q=ntinda');
    expect(search.statusCode).toBe(200);
    const results = search.json().results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(5);
    expect(results[0]).toMatchObject({ city: 'Kampala', country: 'Uganda' });
    expect(results[0].formattedAddress).toMatch(/^Ntinda/);
    const rev = await req('GET', '/api/geo/reverse?lat=0.3357&lng=32.5921');
    expect(rev.json().place).toMatchObject({ street: 'Acacia Mall', lat: 0.3357, lng: 32.5921, country: 'Uganda' });
    expect((await req('GET', '/api/geo/reverse?lat=51.5&lng=-0.12')).statusCode).toBe(404);
    expect((await req('GET', '/api/geo/search?q=')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/geo/search?q=ntinda' })).statusCode).toBe(401);
  });

  it('tells the browser where map tiles come from', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().mapTilesUrl).toContain('{z}');
  });
});
