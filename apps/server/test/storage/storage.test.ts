/**
 * The two file stores behind one interface: DATA_DIR/uploads and an S3-compatible bucket (reached
 * with the AWS SDK, signed with S3_* keys). Several server instances on one bucket see each other's
 * uploads, and nothing lands on local disk when S3 is configured.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { backupUploads, restoreUploads } from '../../src/ops/uploads-backup.ts';
import { s3Storage } from '../../src/platform/s3-storage.ts';
import { localStorage, type Storage } from '../../src/platform/storage.ts';
import { adminClient } from '../admin/admin-client.ts';
import { type FakeS3, startFakeS3 } from '../fixtures/fake-s3.ts';
import { ORIGIN, type TestContext, createTestApp } from '../helpers.ts';

async function all(keys: AsyncIterable<string>) {
  const out: string[] = [];
  for await (const k of keys) out.push(k);
  return out;
}

const s3Settings = (s3: FakeS3, secret = s3.env.S3_SECRET_ACCESS_KEY!) => loadConfig({ ...s3.env, S3_SECRET_ACCESS_KEY: secret }).s3!;

describe.each(['local', 's3'] as const)('%s storage', (driver) => {
  let s3: FakeS3;
  let storage: Storage;
  beforeAll(async () => {
    s3 = await startFakeS3({ pageSize: 2 });
    storage = driver === 's3' ? await s3Storage(s3Settings(s3)) : localStorage(mkdtempSync(path.join(os.tmpdir(), 'meatshop-store-')));
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('puts, gets, checks, lists and deletes files by key', async () => {
    const body = Buffer.from('webp bytes');
    await storage.put('product-images/a-large.webp', body, 'image/webp');
    await storage.put('product-images/b-large.webp', body, 'image/webp');
    await storage.put('product-images/seed/c.webp', body, 'image/webp');
    await storage.put('delivery-photos/order-1/1700000000000.jpg', body, 'image/jpeg');

    expect(await storage.get('product-images/a-large.webp')).toEqual({ body, contentType: 'image/webp' });
    expect((await storage.get('delivery-photos/order-1/1700000000000.jpg'))?.contentType).toBe('image/jpeg');
    expect(await storage.get('product-images/missing.webp')).toBeNull();
    expect(await storage.exists('product-images/a-large.webp')).toBe(true);
    expect(await storage.exists('product-images/missing.webp')).toBe(false);

    // More keys than one page of the bucket listing: every page is read.
    const keys = await all(storage.list('product-images/'));
    expect(keys.sort()).toEqual(['product-images/a-large.webp', 'product-images/b-large.webp', 'product-images/seed/c.webp']);
    expect(await all(storage.list())).toHaveLength(4);

    await storage.delete('product-images/a-large.webp');
    await storage.delete('product-images/never-there.webp');
    expect(await storage.exists('product-images/a-large.webp')).toBe(false);
    expect(await storage.get('product-images/a-large.webp')).toBeNull();
    expect(storage.publicUrl('product-images/b-large.webp')).toBe('/media/product-images/b-large.webp');
  });

  it('refuses keys that climb out of the store', async () => {
    for (const key of ['../secrets.txt', 'product-images/../../x.jpg', 'a\0b.jpg']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/unsafe storage key/);
    }
  });
});

describe('S3 requests', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('are signed with the configured key: a wrong secret or no signature is refused', async () => {
    const wrong = await s3Storage(s3Settings(s3, 'not-the-secret'));
    await expect(wrong.put('product-images/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    expect(s3.objects.size).toBe(0);
    expect(s3.requests.at(-1)?.status).toBe(403);
    const unsigned = await fetch(`${s3.endpoint}/${s3.bucket}/product-images/x.webp`, { method: 'PUT', body: 'x' });
    expect(unsigned.status).toBe(403);
    await (await s3Storage(s3Settings(s3))).put('product-images/x.webp', Buffer.from('x'), 'image/webp');
    expect(s3.objects.get('product-images/x.webp')).toEqual({ body: Buffer.from('x'), contentType: 'image/webp' });
  });
});

describe('two server instances on one bucket', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestApp('pglite', { storage: 's3' });
    b = await createTestApp('pglite', { seed: false, env: a.s3!.env });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serve each other uploads, and write nothing to their own disks', async () => {
    const admin = await adminClient(a);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8b1e1e' } })
      .png()
      .toBuffer();
    const boundary = '----meatshop-s3-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/admin/images?kind=product',
      headers: { cookie: admin.cookie, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json();
    expect(a.s3!.objects.has(url.replace('/media/', ''))).toBe(true);

    const onB = await b.app.inject({ method: 'GET', url });
    expect(onB.statusCode).toBe(200);
    expect(onB.headers['content-type']).toBe('image/webp');
    expect(onB.headers['x-content-type-options']).toBe('nosniff');
    expect(onB.headers['cache-control']).toBe('public, max-age=604800');
    // The resized copy one instance makes is there for the other.
    expect((await b.app.inject({ method: 'GET', url: `${url}?w=320` })).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: `${url}?w=320` })).rawPayload.length).toBeGreaterThan(0);
    expect([...a.s3!.objects.keys()].some((k) => k.startsWith('resized/320/'))).toBe(true);

    // The demo catalog's images went to the bucket too.
    expect([...a.s3!.objects.keys()].filter((k) => k.startsWith('product-images/seed/')).length).toBeGreaterThan(10);
    for (const t of [a, b]) expect(existsSync(path.join(t.app.deps.config.dataDir, 'uploads'))).toBe(false);
  });
});

describe('uploads backup', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3({ pageSize: 2 });
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('copies every file of a store to a folder, and a folder into a bucket (moving a shop to S3)', async () => {
    const disk = localStorage(mkdtempSync(path.join(os.tmpdir(), 'meatshop-disk-')));
    await disk.put('product-images/a-large.webp', Buffer.from('a'), 'image/webp');
    await disk.put('product-category-images/beef.webp', Buffer.from('b'), 'image/webp');
    await disk.put('delivery-photos/o-1/1700000000000.jpg', Buffer.from('c'), 'image/jpeg');
    const out = mkdtempSync(path.join(os.tmpdir(), 'meatshop-out-'));
    const { dir, count } = await backupUploads(disk, out);
    expect(count).toBe(3);
    expect(readFileSync(path.join(dir, 'delivery-photos/o-1/1700000000000.jpg'), 'utf8')).toBe('c');

    const bucket = await s3Storage(s3Settings(s3));
    expect(await restoreUploads(bucket, dir)).toEqual({ copied: 3, kept: 0 });
    expect(s3.objects.get('delivery-photos/o-1/1700000000000.jpg')).toEqual({ body: Buffer.from('c'), contentType: 'image/jpeg' });
    // Files already in the store are kept unless forced.
    await bucket.put('product-images/a-large.webp', Buffer.from('newer'), 'image/webp');
    expect(await restoreUploads(bucket, dir)).toEqual({ copied: 0, kept: 3 });
    expect((await bucket.get('product-images/a-large.webp'))?.body.toString()).toBe('newer');
    expect(await restoreUploads(bucket, dir, { force: true })).toEqual({ copied: 3, kept: 0 });

    // And back out of the bucket, every page of its listing.
    const again = await backupUploads(bucket, out);
    expect(again.count).toBe(3);
    expect(again.dir).not.toBe(dir);
  });
});

describe('S3 configuration', () => {
  it('needs a bucket once any S3 setting is given, and both keys or neither', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(loadConfig({ S3_BUCKET: 'b' }).s3).toEqual({
      endpoint: undefined,
      bucket: 'b',
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    const minio = loadConfig({
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_REGION: 'af-south-1',
    });
    expect(minio.s3).toMatchObject({ forcePathStyle: true, region: 'af-south-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
    expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://x:9000', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });
});
