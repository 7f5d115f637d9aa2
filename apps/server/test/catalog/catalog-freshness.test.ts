/**
 * What a shop manager changes is what the next visitor sees. After an admin creates a category or a
 * product, edits stock or deletes a product, the very next request on this instance (the API and the
 * pages the server renders) shows it; a change made elsewhere (another instance, a script) shows
 * within about a second, and once an entry has expired it is never served again as it was.
 * Every read is made first so that a stale copy is there to be served.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bootKey } from '@meatshop/shared/page-boot';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCategories, products } from '../../src/db/schema/catalog.ts';
import { outletProducts } from '../../src/db/schema/outlets.ts';
import { mainOutlet } from '../../src/modules/inventory/outlet-stock.repository.ts';
import { adminClient } from '../admin/admin-client.ts';
import { createTestApp, drivers, type TestContext } from '../helpers.ts';

/** A stand-in web build whose server render lists what it was given: products with stock, categories with counts. */
function fakeWebBuild() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'meatshop-web-'));
  mkdirSync(path.join(root, 'dist', '.vite'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(
    path.join(root, 'dist', 'index.html'),
    '<!doctype html><html><head><title>Shop</title><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, 'dist', '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index.js' } }));
  writeFileSync(
    path.join(root, 'dist-ssr', 'entry-server.js'),
    `export async function render(url, data) {
      const items = [];
      for (const answer of Object.values(data)) {
        for (const p of answer?.products ?? []) items.push('product ' + p.name + ' stock ' + p.stock);
        if (answer?.product) items.push('shown ' + answer.product.name + ' stock ' + answer.product.stock);
        for (const c of answer?.categories ?? []) items.push('category ' + c.name + ' count ' + c.productCount);
      }
      return '<ul>' + items.map((i) => '<li>' + i + '</li>').join('') + '</ul>';
    }`,
  );
  return path.join(root, 'dist');
}

const bootData = (html: string) => JSON.parse(/<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html)![1]!);

interface Listed {
  id: string;
  name: string;
  stock: number;
  price: number;
}
interface CategoryRow {
  name: string;
  slug: string;
  productCount: number;
}

describe.each(drivers)('catalog changes seen at once on %s', (driver) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let beef: { id: string; slug: string };
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { WEB_DIST: fakeWebBuild() } });
    admin = await adminClient(t);
    const [row] = await t.database.db.select().from(productCategories).where(eq(productCategories.slug, 'beef'));
    beef = { id: row!.id, slug: row!.slug };
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const json = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const listing = async (url = '/api/products'): Promise<Listed[]> => (await json(url)).products;
  const categories = async (): Promise<CategoryRow[]> => (await json('/api/categories')).categories;
  const beefCount = async () => (await categories()).find((c) => c.slug === 'beef')!.productCount;
  const page = async (url: string) => {
    const res = await get(url);
    return { status: res.statusCode, html: res.body, data: bootData(res.body) };
  };
  const beefListing = `/api/products?category=beef`;
  /** Every read a visitor makes, so each has a cached copy that could be served stale. */
  const warm = async (productId?: string) => {
    await Promise.all([
      get('/api/products'),
      get(beefListing),
      get('/api/categories'),
      get('/products'),
      get('/products?category=beef'),
      ...(productId ? [get(`/api/products/${productId}`), get(`/api/products/${productId}/related`), get(`/products/${productId}`)] : []),
    ]);
  };
  const newProduct = (name: string, stock: number) => ({
    name,
    description: 'Made for this test.',
    price: 21_000,
    discountPrice: null,
    stock,
    categoryId: beef.id,
    imageUrls: [],
  });

  it('a new category is in the categories and the listing page on the very next request', async () => {
    await warm();
    const res = await admin.post('/api/admin/categories', { name: 'Game Meat' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await categories()).map((c) => c.name)).toContain('Game Meat');
    const listingPage = await page('/products');
    expect(listingPage.data['/api/categories'].categories.map((c: CategoryRow) => c.name)).toContain('Game Meat');
    expect(listingPage.html).toContain('<li>category Game Meat count 0</li>');
  });

  it('a new product is in the listings, its category count, its page and the rendered pages on the very next request', async () => {
    const before = await beefCount();
    await warm();
    const res = await admin.post('/api/admin/products', newProduct('Fresh Brisket', 9));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    expect((await listing()).map((p) => p.name)).toContain('Fresh Brisket');
    expect((await listing(beefListing)).map((p) => p.name)).toContain('Fresh Brisket');
    expect(await beefCount()).toBe(before + 1);
    expect((await json(`/api/products/${id}`)).product).toMatchObject({ name: 'Fresh Brisket', stock: 9 });
    const listingPage = await page('/products?category=beef');
    expect(listingPage.html).toContain('<li>product Fresh Brisket stock 9</li>');
    expect(listingPage.html).toContain(`<li>category Beef count ${before + 1}</li>`);
    const productPage = await page(`/products/${id}`);
    expect(productPage.status).toBe(200);
    expect(productPage.html).toContain('<li>shown Fresh Brisket stock 9</li>');
  });

  it('a stock edit shows in the listing, the product, its page and the rendered pages on the very next request', async () => {
    const [target] = await listing(beefListing);
    await warm(target!.id);
    const res = await admin.patch(`/api/admin/products/${target!.id}/stock`, { stock: 4321 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listing()).find((p) => p.id === target!.id)!.stock).toBe(4321);
    expect((await listing(beefListing)).find((p) => p.id === target!.id)!.stock).toBe(4321);
    expect((await json(`/api/products/${target!.id}`)).product.stock).toBe(4321);
    const productPage = await page(`/products/${target!.id}`);
    expect(productPage.data[bootKey(`/api/products/${target!.id}`)].product.stock).toBe(4321);
    expect(productPage.html).toContain(`<li>shown ${target!.name} stock 4321</li>`);
    expect((await page('/products?category=beef')).html).toContain(`<li>product ${target!.name} stock 4321</li>`);
  });

  it('a deleted product is gone from the listings, its page and the rendered pages on the very next request', async () => {
    const created = await admin.post('/api/admin/products', newProduct('Short-lived Ribs', 5));
    const id = created.json().id as string;
    const before = await beefCount();
    await warm(id);
    expect((await listing()).map((p) => p.id)).toContain(id);
    const res = await admin.del(`/api/admin/products/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await listing()).map((p) => p.id)).not.toContain(id);
    expect((await listing(beefListing)).map((p) => p.id)).not.toContain(id);
    expect(await beefCount()).toBe(before - 1);
    expect((await get(`/api/products/${id}`)).statusCode).toBe(404);
    expect((await page(`/products/${id}`)).status).toBe(404);
    expect((await page('/products')).html).not.toContain('Short-lived Ribs');
  });

  it('lets the browser keep categories and products only as long as the server agrees (revalidated by ETag)', async () => {
    for (const url of ['/api/categories', '/api/products', beefListing]) {
      const first = await get(url);
      expect(first.headers['cache-control'], url).toMatch(/no-cache/);
      expect(first.headers['cache-control'], url).not.toMatch(/max-age=[1-9]|stale-while-revalidate/);
      const again = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
    const etag = String((await get('/api/categories')).headers.etag);
    expect((await admin.post('/api/admin/categories', { name: 'Smoked Fish' })).statusCode).toBe(201);
    const changed = await get('/api/categories', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().categories.map((c: CategoryRow) => c.name)).toContain('Smoked Fish');
  });

  it('shows a change written straight to the database within about a second, and never an expired copy after that', async () => {
    const [target] = await listing(beefListing);
    await warm(target!.id);
    // As another instance or a script would: this server's routes never heard of it.
    const changedAt = Date.now();
    await t.database.db
      .update(products)
      .set({ price: target!.price + 500, discountPrice: null })
      .where(eq(products.id, target!.id));
    // Stock is written at the outlets: all 777 at the main outlet, none elsewhere.
    const main = (await mainOutlet(t.database.db))!;
    await t.database.db
      .update(outletProducts)
      .set({ stock: sql`CASE WHEN ${outletProducts.outletId} = ${main.id} THEN 777 ELSE 0 END` })
      .where(eq(outletProducts.productId, target!.id));
    await t.database.db.update(productCategories).set({ name: 'Prime Beef' }).where(eq(productCategories.id, beef.id));
    // Past the cache's second, the first request must already be fresh: an expired entry is checked
    // before it is served, never handed out while a refresh runs behind it.
    await new Promise((r) => setTimeout(r, Math.max(0, 1_100 - (Date.now() - changedAt))));
    for (let i = 0; i < 5; i++) {
      expect((await listing()).find((p) => p.id === target!.id)).toMatchObject({ stock: 777, price: target!.price + 500 });
      expect((await json(`/api/products/${target!.id}`)).product).toMatchObject({ stock: 777, category: { name: 'Prime Beef' } });
      expect((await categories()).map((c) => c.name)).toContain('Prime Beef');
      expect((await page(`/products/${target!.id}`)).html).toContain(`<li>shown ${target!.name} stock 777</li>`);
      expect((await page('/products?category=beef')).html).toContain('<li>category Prime Beef count');
      await new Promise((r) => setTimeout(r, 300));
    }
  });
});
