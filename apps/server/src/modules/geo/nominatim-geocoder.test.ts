import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nominatimGeocoder } from './nominatim-geocoder.ts';

describe('Nominatim-compatible geocoder', () => {
  const seen: { url: string; headers: IncomingHttpHeaders; at: number }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers, at: Date.now() });
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/search')) {
      res.end(
        JSON.stringify([
          {
            lat: '0.354',
            lon: '32.616',
            display_name: 'Ntinda, Kampala, Uganda',
            address: { suburb: 'Ntinda', city: 'Kampala', country: 'Uganda' },
          },
          { lat: '51.5', lon: '-0.12', display_name: 'London' },
        ]),
      );
    } else {
      res.end(
        JSON.stringify({
          lat: '0.33',
          lon: '32.59',
          display_name: 'Acacia Avenue, Kololo',
          address: { road: 'Acacia Avenue', city: 'Kampala', state: 'Central Region', postcode: '256', country: 'Uganda' },
        }),
      );
    }
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends a User-Agent, keeps to East Africa, caches and spaces requests', async () => {
    const geo = nominatimGeocoder({ baseUrl: base, contact: 'http://shop.test', fetch, minIntervalMs: 200 });
    const results = await geo.search('ntinda');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ city: 'Kampala', country: 'Uganda', lat: 0.354 });
    expect(seen[0]?.headers['user-agent']).toMatch(/KampalaPrimeMeats/);
    expect(seen[0]?.url).toMatch(/bounded=1/);
    expect(seen[0]?.url).toMatch(/limit=5/);
    await geo.search('ntinda');
    expect(seen).toHaveLength(1);
    const place = await geo.reverse(0.3301, 32.5901);
    expect(place).toMatchObject({ street: 'Acacia Avenue', postalCode: '256', lat: 0.3301, lng: 32.5901 });
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(190);
  });

  it('turns a failing service into a clear 503', async () => {
    const geo = nominatimGeocoder({ baseUrl: 'http://127.0.0.1:1', contact: 'x', fetch, minIntervalMs: 0 });
    await expect(geo.search('x')).rejects.toMatchObject({ status: 503 });
  });
});
