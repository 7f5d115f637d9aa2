/**
 * The public catalog cache and the catalog version behind it (migration 0010): a change to products
 * or categories made anywhere (another instance, a script, a checkout) shows on the storefront
 * within about a second, and an unchanged catalog is never read again in full.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCategories, products } from '../../src/db/schema/catalog.ts';
import { outletProducts } from '../../src/db/schema/outlets.ts';
import { productReviews } from '../../src/db/schema/reviews.ts';
import type { ProductListFilters } from '@meatshop/shared/catalog';
import { compactCatalogVersions } from '../../src/modules/catalog/catalog.repository.ts';
import { catalogVersion, listProducts, listProductsJson } from '../../src/modules/catalog/catalog.service.ts';
import { createOrder } from '../fixtures/orders.ts';
import { createTestApp, drivers, type TestContext } from '../helpers.ts';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';

describe.each(drivers)('catalog version and cache on %s', (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const version = async () => BigInt(await catalogVersion(db()));
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('moves with every committed change to products or categories, and with nothing else', async () => {
    const [first] = await db().select().from(products).orderBy(products.name).limit(1);
    const steps: [string, () => Promise<unknown>, boolean][] = [
      // Stock is written at outlets; the derived products.stock follows in the same statement.
      ['stock update', () => db().update(outletProducts).set({ stock: 7 }).where(eq(outletProducts.productId, first!.id)), true],
      ['category insert', () => db().insert(productCategories).values({ name: 'Game', slug: 'game' }), true],
      ['category rename', () => db().update(productCategories).set({ name: 'Wild Game' }).where(eq(productCategories.slug, 'game')), true],
      ['product insert', () => db().insert(products).values({ name: 'Kudu Steak', price: 30_000 }), true],
      ['product delete', () => db().delete(products).where(eq(products.name, 'Kudu Steak')), true],
      ['category delete', () => db().delete(productCategories).where(eq(productCategories.slug, 'game')), true],
      ['an order (it takes stock)', () => createOrder(db(), { email: ACCOUNTS.customer.email }), true],
      ['a review row alone', () => db().update(productReviews).set({ comment: 'Edited' }).where(sql`false`), false],
      ['a session', () => db().execute(sql`UPDATE "session" SET updated_at = now() WHERE false`), false],
      [
        'a rolled-back change',
        () =>
          db()
            .transaction(async (tx) => {
              await tx.update(outletProducts).set({ stock: 1 }).where(eq(outletProducts.productId, first!.id));
              tx.rollback();
            })
            .catch(() => {}),
        false,
      ],
    ];
    for (const [what, change, moves] of steps) {
      const before = await version();
      await change();
      const after = await version();
      if (moves) expect(after, what).toBeGreaterThan(before);
      else expect(after, what).toBe(before);
    }
  });

  it('shows a change made behind the server’s back within about a second: listing, product, categories', async () => {
    const [sausage] = (await get('/api/products?category=sausages')).products as { id: string; price: number }[];
    await get(`/api/products/${sausage!.id}`);
    await get('/api/categories');
    const started = Date.now();
    // Written straight to the database, as another instance or an admin script would: this
    // server's routes never heard of it, so only the version can tell the cache.
    await db()
      .update(products)
      .set({ price: sausage!.price + 1000, discountPrice: null })
      .where(eq(products.id, sausage!.id));
    await db().update(productCategories).set({ name: 'Bangers' }).where(eq(productCategories.slug, 'sausages'));
    await expect
      .poll(async () => (await get('/api/products?category=sausages')).products.find((p: { id: string }) => p.id === sausage!.id).price, {
        timeout: 5_000,
        interval: 100,
      })
      .toBe(sausage!.price + 1000);
    await expect.poll(async () => (await get(`/api/products/${sausage!.id}`)).product.category.name, { timeout: 5_000 }).toBe('Bangers');
    await expect
      .poll(async () => (await get('/api/categories')).categories.map((c: { name: string }) => c.name), { timeout: 5_000 })
      .toContain('Bangers');
    expect(Date.now() - started).toBeLessThan(3_500);
  });

  it('folds the rows of connections that are gone into one, keeping the version', async () => {
    await db().execute(sql`INSERT INTO catalog_versions (backend_pid, changes) VALUES (2000000001, 5), (2000000002, 7)`);
    const before = await version();
    expect(await compactCatalogVersions(db())).toBeGreaterThanOrEqual(2);
    expect(await version()).toBe(before);
    const pids = (await db().execute(sql`SELECT backend_pid FROM catalog_versions`)) as unknown as { rows: { backend_pid: number }[] };
    expect(pids.rows.map((r) => r.backend_pid)).not.toContain(2000000001);
    expect(await compactCatalogVersions(db())).toBe(0);
    expect(await version()).toBe(before);
    await db()
      .update(outletProducts)
      .set({ stock: sql`${outletProducts.stock} + 1` })
      .where(sql`true`);
    expect(await version()).toBeGreaterThan(before);
  });

  it('writes the listing in SQL exactly as JSON.stringify writes it, for every sort and filter', async () => {
    const [sausages] = await db().select().from(productCategories).where(eq(productCategories.slug, 'sausages'));
    // Products that test the text: escapes, non-ASCII, long fractions, halves of a percent, microseconds.
    await db()
      .insert(products)
      .values([
        {
          name: 'Quote " back\\slash \\u and / slash',
          description: 'Tab\tnewline\ncarriage\r bell\u0007 unit\u001f del\u007f line\u2028para\u2029 é ñ 🥩 Ŋŋ',
          price: 200,
          discountPrice: 171,
          rating: 14 / 3,
          ratingCount: 3,
          imageUrls: ['/media/a "b".webp', 'https://cdn.example.com/x\\y.jpg?w=1&h=2'],
          categoryId: sausages!.id,
          createdAt: new Date('2026-01-02T03:04:05.999Z'),
        },
        { name: '', description: '', price: 8, discountPrice: 7, rating: 0.1 + 0.2, ratingCount: 1, categoryId: null },
        { name: 'Dear', description: 'x', price: 2_000_000_000, discountPrice: 1, rating: 5, stock: 0 },
      ]);
    // Microseconds a Date cannot hold: both must cut them the same way.
    await db().execute(
      sql`UPDATE products SET created_at = '2026-03-04 05:06:07.999999+00', updated_at = '2026-03-04 05:06:07.000501+00' WHERE name = 'Dear'`,
    );
    const cases: Record<string, unknown>[] = [
      {},
      { sort: 'newest' },
      { sort: 'price-asc' },
      { sort: 'price-desc' },
      { sort: 'rating' },
      { category: 'sausages' },
      { category: 'no-such-category' },
      { minPrice: 10_000, maxPrice: 40_000, sort: 'price-asc' },
      { minRating: 4, inStock: 'true' },
      { onSale: 'true', sort: 'rating' },
    ];
    for (const c of cases) {
      const f = { sort: 'featured', ...c } as ProductListFilters;
      const fromSql = await listProductsJson(db(), f);
      expect(fromSql, JSON.stringify(c)).toBe(JSON.stringify({ products: await listProducts(db(), f) }));
    }
    const all = JSON.parse(await listProductsJson(db(), { sort: 'featured' } as ProductListFilters)).products;
    expect(all.find((p: { price: number }) => p.price === 200)).toMatchObject({ discountPercentage: 15, rating: 14 / 3 });
    expect(all.find((p: { name: string }) => p.name === 'Dear')).toMatchObject({
      createdAt: '2026-03-04T05:06:07.999Z',
      discountPercentage: 100,
    });
    // And the endpoint sends it.
    const res = await t.app.inject({ method: 'GET', url: '/api/products?sort=price-desc' });
    expect(res.body).toBe(JSON.stringify({ products: await listProducts(db(), { sort: 'price-desc' } as ProductListFilters) }));
    await db().delete(products).where(sql`${products.name} IN ('Dear', '') OR ${products.price} = 200`);
  });

  it.skipIf(driver !== 'postgres')('never makes two transactions changing the catalog wait on each other', async () => {
    const [a, b] = await db().select({ id: products.id }).from(products).orderBy(products.name).limit(2);
    const clients = [new pg.Client({ connectionString: t.databaseUrl }), new pg.Client({ connectionString: t.databaseUrl })];
    await Promise.all(clients.map((c) => c.connect()));
    try {
      const before = await version();
      for (const c of clients) await c.query(`BEGIN; SET LOCAL lock_timeout = '2s'`);
      // Both are open at once: a single shared counter row would make the second one wait and time out.
      await clients[0]!.query('UPDATE products SET rating_count = rating_count + 1 WHERE id = $1', [a!.id]);
      await clients[1]!.query('UPDATE products SET rating_count = rating_count + 1 WHERE id = $1', [b!.id]);
      await clients[1]!.query('COMMIT');
      expect(await version()).toBe(before + 1n);
      await clients[0]!.query('COMMIT');
      expect(await version()).toBe(before + 2n);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });
});
