/** /media: stored images, and the narrower WebP copies a srcset asks for with ?w=. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type StorageDriver, type TestContext } from '../helpers.ts';

describe.each<StorageDriver>(['local', 's3'])('media images with %s storage', (storage) => {
  let t: TestContext;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { storage });
    const { products } = (await t.app.inject({ method: 'GET', url: '/api/products' })).json();
    url = products[0].imageUrls[0];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a narrower WebP copy for ?w=, rounded up to an allowed width, and keeps it', async () => {
    const original = await t.app.inject({ method: 'GET', url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    const small = await t.app.inject({ method: 'GET', url: `${url}?w=300` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toContain('max-age');
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length);
    const meta = await sharp(small.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    // The second request reads the stored copy: same bytes.
    const again = await t.app.inject({ method: 'GET', url: `${url}?w=320` });
    expect(Buffer.compare(again.rawPayload, small.rawPayload)).toBe(0);
  });

  it('never enlarges, and refuses nonsense widths and private keys', async () => {
    const big = await t.app.inject({ method: 'GET', url: `${url}?w=5000` });
    expect(big.statusCode).toBe(200);
    const originalWidth = (await sharp((await t.app.inject({ method: 'GET', url })).rawPayload).metadata()).width!;
    expect((await sharp(big.rawPayload).metadata()).width).toBeLessThanOrEqual(originalWidth);
    expect((await t.app.inject({ method: 'GET', url: `${url}?w=abc` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${url}?w=0` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/media/resized/320/x.webp' })).statusCode).toBe(404);
  });
});
