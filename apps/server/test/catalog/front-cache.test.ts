/**
 * The front cache over a real socket (inject never reaches the HTTP server): a repeat of a public
 * read is answered by the server itself with the same status, headers and bytes as the framework
 * sent, a matching tag gets a 304, and what an admin changes through this instance shows on the very
 * next request. Personal and uncached answers never come from it.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../admin/admin-client.ts';
import { createTestApp, drivers, type TestContext } from '../helpers.ts';

interface Listed {
  id: string;
  name: string;
  stock: number;
}

/** Headers that differ between two answers of the same thing. */
const comparable = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name)));

describe.each(drivers)('front cache on %s', (driver) => {
  let t: TestContext;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(base + url, { headers: { 'accept-encoding': 'br', ...headers } });

  it('answers a repeat with the same headers and bytes, and a matching tag with 304', async () => {
    const url = '/api/products?sort=price-asc&minPrice=1';
    const first = await get(url);
    const firstBody = Buffer.from(await first.arrayBuffer());
    const hits = t.app.frontCache.hits;
    const again = await get(url);
    const againBody = Buffer.from(await again.arrayBuffer());
    expect(t.app.frontCache.hits).toBe(hits + 1);
    expect(again.status).toBe(200);
    expect(comparable(again)).toEqual(comparable(first));
    expect(againBody.equals(firstBody)).toBe(true);
    // The security headers of an API answer and the compression come with it.
    expect(again.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(((await (await get(url)).json()) as { products: Listed[] }).products.length).toBeGreaterThan(0);

    const tag = first.headers.get('etag')!;
    const revalidated = await get(url, { 'if-none-match': tag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(tag);
    expect(await revalidated.text()).toBe('');
  });

  it('keeps each encoding apart', async () => {
    const url = '/api/products?minPrice=2';
    await get(url);
    await get(url, { 'accept-encoding': 'identity' });
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { products: Listed[] }).products.length).toBeGreaterThan(0);
    const br = await get(url);
    expect(br.headers.get('content-encoding')).toBe('br');
  });

  it('shows a stock figure an admin has just changed on the very next request', async () => {
    const url = '/api/products?sort=price-asc&minPrice=3';
    const before = ((await (await get(url)).json()) as { products: Listed[] }).products;
    await get(url);
    const hits = t.app.frontCache.hits;
    const product = before[0]!;
    const admin = await adminClient(t);
    const changed = await admin.patch(`/api/admin/products/${product.id}/stock`, { stock: 4321 });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = ((await (await get(url)).json()) as { products: Listed[] }).products;
    expect(after.find((p) => p.id === product.id)!.stock).toBe(4321);
    expect(t.app.frontCache.hits).toBe(hits);
    // Taken again from the framework, the new answer is what the next repeat gets.
    const repeat = ((await (await get(url)).json()) as { products: Listed[] }).products;
    expect(repeat.find((p) => p.id === product.id)!.stock).toBe(4321);
    expect(t.app.frontCache.hits).toBe(hits + 1);
  });

  it('serves nothing it was not given: personal reads and writes go to the framework', async () => {
    const hits = t.app.frontCache.hits;
    const admin = await adminClient(t);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/api/admin/orders`, { headers: { cookie: admin.cookie } });
      expect(res.status).toBe(200);
      expect((await fetch(`${base}/api/orders`)).status).toBe(401);
    }
    expect(t.app.frontCache.hits).toBe(hits);
  });
});
