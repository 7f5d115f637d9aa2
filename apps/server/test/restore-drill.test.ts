/**
 * The restore drill: a shop with orders, product and category images and delivery photos is backed
 * up with `npm run backup`, restored with `npm run restore` into an empty database and an empty file
 * store, and the restored shop shows every order with its items, every image and every delivery
 * photo, byte for byte. On each database with each store (local folder, S3 bucket).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, pgliteDir } from '../src/db/client.ts';
import { productCategories, products } from '../src/db/schema/catalog.ts';
import { orderItems, orders } from '../src/db/schema/orders.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { type FakeS3, startFakeS3 } from './fixtures/fake-s3.ts';
import { jpeg, multipart } from './fixtures/photos.ts';
import { demoIds, insertOrder, outletIds } from './fixtures/rider-orders.ts';
import { ORIGIN, loginAs, storageMatrix } from './helpers.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const exec = promisify(execFile);
const base = process.env.DATABASE_URL;

interface Place {
  dataDir: string;
  databaseUrl?: string;
  s3?: FakeS3;
}

const envOf = (p: Place) => ({ DATA_DIR: p.dataDir, ...(p.databaseUrl ? { DATABASE_URL: p.databaseUrl } : {}), ...p.s3?.env });

async function openShop(p: Place) {
  const database = await openDatabase({ databaseUrl: p.databaseUrl, dataDir: pgliteDir(p.dataDir) });
  const config = loadConfig({
    NODE_ENV: 'test',
    BACKGROUND_JOBS: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    PUBLIC_URL: ORIGIN,
    ...envOf(p),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** `npm run backup|restore` as a person would run it (without npm's own start-up); never throws. */
async function run(script: 'backup' | 'restore', args: string[], p: Place) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|DATA_DIR|S3_)/.test(k)));
  try {
    const r = await exec(process.execPath, ['--import', 'tsx', 'src/ops/backup-cli.ts', script, ...args], {
      cwd: serverDir,
      env: { ...clean, ...envOf(p) },
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** What a person would check in the shop: orders and items, and every picture it shows, with their bytes. */
async function whatTheShopShows(shop: Awaited<ReturnType<typeof openShop>>) {
  const db = shop.database.db;
  const admin = await loginAs(shop.app, 'admin');
  const rows = await db.select().from(orders).orderBy(asc(orders.id));
  const items = await db.select().from(orderItems).orderBy(asc(orderItems.id));
  const imageUrls = [
    ...(await db.select({ url: productCategories.imageUrl }).from(productCategories)).map((c) => c.url),
    ...(await db.select({ urls: products.imageUrls }).from(products)).flatMap((p) => p.urls),
  ].filter((u): u is string => !!u);
  const fetch = async (url: string) => {
    const res = await shop.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    return `${res.statusCode} ${res.headers['content-type']} ${res.rawPayload.toString('base64')}`;
  };
  const images = Object.fromEntries(await Promise.all(imageUrls.sort().map(async (u) => [u, await fetch(u)] as const)));
  const photoUrls = rows.map((o) => o.deliveryPhotoUrl).filter((u): u is string => !!u);
  const photos = Object.fromEntries(await Promise.all(photoUrls.sort().map(async (u) => [u, await fetch(u)] as const)));
  return {
    orders: rows.map((o) => ({ id: o.id, status: o.status, total: o.totalAmount, photo: o.deliveryPhotoUrl })),
    items: items.map((i) => ({ orderId: i.orderId, productId: i.productId, quantity: i.quantity, price: i.price })),
    images,
    photos,
  };
}

describe.each(storageMatrix)('restore drill on %s with %s storage', (driver, storage) => {
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
  const dbNames = [`meatshop_drill_src_${suffix}`, `meatshop_drill_dst_${suffix}`];
  const urlOf = (name: string) => {
    const u = new URL(base!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const stores: FakeS3[] = [];
  afterAll(async () => {
    for (const s of stores) await s.close();
    if (driver !== 'postgres') return;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    for (const n of dbNames) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
    await admin.end();
  });

  it('restores every order, image and delivery photo into an empty database and an empty store', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'meatshop-drill-'));
    const place = async (name: string, dbName: string): Promise<Place> => {
      const s3 = storage === 's3' ? await startFakeS3() : undefined;
      if (s3) stores.push(s3);
      return { dataDir: path.join(tmp, name), databaseUrl: driver === 'postgres' ? urlOf(dbName) : undefined, s3 };
    };
    const source = await place('source', dbNames[0]!);
    if (source.databaseUrl) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbNames[0]}`);
      await admin.end();
    }

    // The shop: the demo catalog with its pictures, three orders, two delivered with a photo.
    const shop = await openShop(source);
    await seedIfEmpty(shop.app.deps, { info() {} });
    const { customerId, riderId } = await demoIds(shop.database.db);
    const [a, b] = await outletIds(shop.database.db);
    const rider = await loginAs(shop.app, 'rider');
    await insertOrder(shop.database.db, { userId: customerId, outletId: a!, status: 'pending' });
    for (const outletId of [a!, b!]) {
      const order = await insertOrder(shop.database.db, { userId: customerId, outletId, status: 'picked_up', riderId });
      const body = multipart(await jpeg());
      const res = await shop.app.inject({
        method: 'POST',
        url: `/api/rider/orders/${order.id}/deliver`,
        payload: body.payload,
        headers: { ...body.headers, cookie: rider, origin: ORIGIN },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await whatTheShopShows(shop);
    await shop.close();
    expect(before.orders).toHaveLength(3);
    expect(Object.keys(before.photos)).toHaveLength(2);
    expect(Object.keys(before.images).length).toBeGreaterThan(10);
    for (const shown of [...Object.values(before.images), ...Object.values(before.photos)]) expect(shown).toMatch(/^200 image\//);

    const made = await run('backup', ['--out', path.join(tmp, 'backups')], source);
    expect(made.code, made.out).toBe(0);
    const folder = made.out.match(/Backup written to (\S+)/)![1]!;
    expect(readdirSync(folder).sort()).toEqual([driver === 'postgres' ? 'database.dump' : 'database.tar.gz', 'manifest.json', 'uploads']);

    // An empty place: a database that does not exist yet, an empty folder or bucket.
    const target = await place('target', dbNames[1]!);
    expect(existsSync(target.dataDir)).toBe(false);
    if (target.s3) expect(target.s3.objects.size).toBe(0);
    const restored = await run('restore', [folder], target);
    expect(restored.code, restored.out).toBe(0);

    const copy = await openShop(target);
    try {
      expect(await whatTheShopShows(copy)).toEqual(before);
    } finally {
      await copy.close();
    }
  }, 240_000);
});
