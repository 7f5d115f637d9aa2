/** Image uploads checked by their bytes and size, re-encoded to WebP; pasted URLs checked by HEAD. */
import { existsSync } from 'node:fs';
import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError, guardedAgents, isPublicAddress } from '../../src/platform/outbound.ts';
import { ORIGIN, type TestContext, createTestApp, storageMatrix } from '../helpers.ts';
import { adminClient } from './admin-client.ts';

function multipart(filename: string, type: string, body: Buffer) {
  const boundary = '----meatshop-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, body, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(storageMatrix)('admin image uploads on %s with %s storage', (driver, storage) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    // The stand-in image host below is on 127.0.0.1, which the server may reach only because it is named.
    t = await createTestApp(driver, { storage, env: { ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
    admin = await adminClient(t);
    // Tests have no internet: a local server stands in for an image host.
    server = createServer((req, res) => {
      if (req.url === '/meat.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' });
      else if (req.url === '/moved') res.writeHead(302, { location: '/meat.jpg' });
      else if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/html' });
      else if (req.url?.startsWith('/to?')) res.writeHead(302, { location: decodeURIComponent(req.url.slice(4)) });
      else res.writeHead(404);
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await t?.close();
  });

  const upload = (filename: string, type: string, body: Buffer, kind = 'product') => {
    const m = multipart(filename, type, body);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/images?kind=${kind}`,
      headers: { cookie: admin.cookie, origin: ORIGIN, 'content-type': m.contentType },
      payload: m.payload,
    });
  };

  it('stores a PNG as large and thumbnail WebP variants without metadata', async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#8b1e1e' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-place' } } })
      .toBuffer();
    const res = await upload('photo.png', 'image/png', png);
    expect(res.statusCode).toBe(201);
    const { url, thumbnailUrl } = res.json();
    expect(url).toMatch(/^\/media\/product-images\/.+-large\.webp$/);
    const large = await t.app.inject({ method: 'GET', url });
    expect(large.headers['content-type']).toBe('image/webp');
    const meta = await sharp(large.rawPayload).metadata();
    expect(meta.width).toBe(1200);
    expect(meta.exif).toBeUndefined();
    const thumb = await sharp((await t.app.inject({ method: 'GET', url: thumbnailUrl })).rawPayload).metadata();
    expect(thumb.width).toBe(480);
    // The file lives in the configured store only: the bucket, or DATA_DIR/uploads.
    const key = url.replace('/media/', '');
    expect(existsSync(path.join(t.app.deps.config.dataDir, 'uploads', key))).toBe(storage === 'local');
    expect(t.s3?.objects.has(key) ?? false).toBe(storage === 's3');
  });

  it('puts category images under their own prefix', async () => {
    const jpg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const res = await upload('c.jpg', 'image/jpeg', jpg, 'category');
    expect(res.json().url).toMatch(/^\/media\/product-category-images\//);
  });

  it('decides the type by the bytes, not the name or the claimed type', async () => {
    const res = await upload('evil.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('Invalid file type. Please upload JPG, PNG, or WebP images.');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    expect((await upload('a.jpg', 'image/jpeg', gif)).statusCode).toBe(415);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      Buffer.alloc(5 * 1024 * 1024 + 10),
    ]);
    const res = await upload('big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('File size exceeds 5MB limit');
  });

  it('checks a pasted URL with a HEAD request for an image content type', async () => {
    expect((await admin.post('/api/admin/images/check-url', { url: `${base}/meat.jpg` })).json()).toEqual({ url: `${base}/meat.jpg` });
    expect((await admin.post('/api/admin/images/check-url', { url: `${base}/moved` })).statusCode).toBe(200);
    for (const url of [`${base}/page`, `${base}/missing`, 'ftp://example.com/a.jpg', 'javascript:alert(1)', 'not a url']) {
      const res = await admin.post('/api/admin/images/check-url', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toBe('Invalid image URL');
    }
  });

  it('checks pasted URLs again when a product is saved', async () => {
    const categoryId = (await admin.get('/api/admin/categories')).json()[0].id;
    const body = { name: 'Pasted', description: 'x', price: 1000, stock: 1, categoryId, imageUrls: [`${base}/page`] };
    const bad = await admin.post('/api/admin/products', body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid image URL');
    const good = await admin.post('/api/admin/products', { ...body, imageUrls: [`${base}/meat.jpg`] });
    expect(good.statusCode).toBe(201);
  });

  it('refuses loopback in every spelling, and on a redirect, even with the image host exempt', async () => {
    const port = new URL(base).port;
    const spellings = [
      `http://[::ffff:127.0.0.1]:${port}/meat.jpg`,
      `http://[::ffff:7f00:1]:${port}/meat.jpg`,
      `http://[::127.0.0.1]:${port}/meat.jpg`,
      `http://[::1]:${port}/meat.jpg`,
      `http://localhost:${port}/meat.jpg`,
      `http://0.0.0.0:${port}/meat.jpg`,
      `http://[64:ff9b::7f00:1]:${port}/meat.jpg`,
    ];
    for (const url of spellings) {
      const res = await admin.post('/api/admin/images/check-url', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toBe('Invalid image URL');
      // The exempt host redirecting there is refused at the hop.
      const hop = await admin.post('/api/admin/images/check-url', { url: `${base}/to?${encodeURIComponent(url)}` });
      expect(hop.statusCode, `redirect to ${url}`).toBe(400);
    }
    expect(
      (await admin.post('/api/admin/images/check-url', { url: `${base}/to?${encodeURIComponent(`${base}/meat.jpg`)}` })).statusCode,
    ).toBe(200);
  });

  it('checks the address the connection uses, so a name cannot resolve to a private one at connect time', async () => {
    const port = new URL(base).port;
    const get = (agent: import('node:http').Agent, host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host, port, path: '/meat.jpg', agent }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    // The guard is the connection's own lookup: one resolution, and the address it checks is the one
    // connected to. So a name that resolves to loopback (as a DNS-rebinding name does on its second
    // answer) is refused when the socket opens, not by an earlier, separate check.
    let calls = 0;
    const toLoopback = (_host: string, cb: (err: Error | null, a: { address: string; family: number }[]) => void) => {
      calls++;
      cb(null, [{ address: '127.0.0.1', family: 4 }]);
    };
    await expect(get(guardedAgents({ allowPrivateHosts: [] }, { resolve: toLoopback }).http, 'images.example')).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
    expect(calls).toBe(1);
    const mixed = (_host: string, cb: (err: Error | null, a: { address: string; family: number }[]) => void) =>
      cb(null, [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]);
    await expect(get(guardedAgents({ allowPrivateHosts: [] }, { resolve: mixed }).http, 'images.example')).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
    await expect(get(guardedAgents({ allowPrivateHosts: [] }).http, 'localhost')).rejects.toBeInstanceOf(BlockedAddressError);
    // The same request with the name exempt connects: the refusals above are the guard's.
    expect(await get(guardedAgents({ allowPrivateHosts: ['localhost'] }).http, 'localhost')).toBe(200);
  });

  it('counts only public unicast addresses as public', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '172.16.5.5',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '198.18.0.1',
      '192.0.2.1',
      '240.0.0.1',
      '::',
      '::1',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'fec0::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '::ffff:7f00:1',
      '::7f00:1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2001::1',
      '2001:db8::1',
      '100::1',
      'not an ip',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ['8.8.8.8', '41.210.1.1', '2001:4860::8888', '2606:4700:4700::1111']) expect(isPublicAddress(ip), ip).toBe(true);
  });
});
