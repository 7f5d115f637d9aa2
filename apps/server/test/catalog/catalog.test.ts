import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/catalog.ts';
import { PRODUCTS } from '../../src/seed/demo-data.ts';
import { createTestApp, drivers, type TestContext } from '../helpers.ts';

interface P {
  id: string;
  name: string;
  price: number;
  discountPrice: number | null;
  discountPercentage: number | null;
  stock: number;
  rating: number;
  ratingCount: number;
  createdAt: string;
  category: { slug: string; name: string } | null;
}
const pay = (p: P) => p.discountPrice ?? p.price;

describe.each(drivers)('catalog listing on %s', (driver) => {
  let t: TestContext;
  let all: P[];
  beforeAll(async () => {
    t = await createTestApp(driver);
    // One archived product: it must never reach the storefront.
    await t.database.db.update(products).set({ isArchived: true }).where(eq(products.name, 'Pepperoni 200g'));
    all = (await get('/api/products')).json().products;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const list = async (qs: string) => {
    const res = await get(`/api/products?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().products as P[];
  };

  it('lists every seeded product except archived ones, newest first by default', () => {
    expect(all).toHaveLength(PRODUCTS.length - 1);
    expect(all.map((p) => p.name)).not.toContain('Pepperoni 200g');
    // The seed staggers creation times in list order, so the newest is the last product seeded.
    const expected = PRODUCTS.filter((p) => p.name !== 'Pepperoni 200g')
      .map((p) => p.name)
      .reverse();
    expect(all.map((p) => p.name)).toEqual(expected);
  });

  it('joins the category and derives the rounded discount percentage', () => {
    const chipolatas = all.find((p) => p.name === 'Pork Chipolatas 500g')!;
    expect(chipolatas.category).toMatchObject({ slug: 'sausages', name: 'Sausages' });
    expect(chipolatas.discountPrice).toBe(14_900);
    expect(chipolatas.discountPercentage).toBe(Math.round(((16_500 - 14_900) / 16_500) * 100));
    expect(all.find((p) => p.name === 'Beef Fillet 1kg')!.discountPercentage).toBeNull();
  });

  it('filters by category slug', async () => {
    const beef = await list('category=beef');
    expect(beef.map((p) => p.name).sort()).toEqual(
      PRODUCTS.filter((p) => p.category === 'beef')
        .map((p) => p.name)
        .sort(),
    );
    expect(await list('category=no-such-category')).toEqual([]);
  });

  it('filters by the price a shopper pays (min and max inclusive)', async () => {
    const mid = await list('minPrice=20000&maxPrice=30000');
    expect(mid.length).toBeGreaterThan(0);
    expect(mid.map((p) => p.id).sort()).toEqual(
      all
        .filter((p) => pay(p) >= 20_000 && pay(p) <= 30_000)
        .map((p) => p.id)
        .sort(),
    );
    // Pork Belly costs 30,000 but is on sale at 27,000: it is inside 20k-28k.
    expect((await list('minPrice=20000&maxPrice=28000')).map((p) => p.name)).toContain('Pork Belly 1kg');
  });

  it('filters by minimum rating', async () => {
    const rated = await list('minRating=4');
    expect(rated.length).toBeGreaterThan(0);
    expect(rated.every((p) => p.rating >= 4)).toBe(true);
    expect(rated.map((p) => p.id).sort()).toEqual(
      all
        .filter((p) => p.rating >= 4)
        .map((p) => p.id)
        .sort(),
    );
  });

  it('filters in stock and on sale', async () => {
    const inStock = await list('inStock=true');
    expect(inStock.map((p) => p.name)).not.toContain('Breakfast Links 400g');
    expect(inStock.map((p) => p.name)).not.toContain('Pork Shoulder Roast 1.5kg');
    expect(inStock).toHaveLength(all.filter((p) => p.stock > 0).length);
    const onSale = await list('onSale=true');
    expect(onSale.map((p) => p.name).sort()).toEqual(
      PRODUCTS.filter((p) => p.discountPrice != null)
        .map((p) => p.name)
        .sort(),
    );
    expect(onSale.every((p) => (p.discountPercentage ?? 0) > 0)).toBe(true);
  });

  it('combines filters', async () => {
    const res = await list('category=sausages&onSale=true&inStock=true&maxPrice=20000');
    expect(res.map((p) => p.name)).toEqual(['Pork Chipolatas 500g']);
  });

  it('sorts by price ascending and descending, and by rating', async () => {
    const asc = (await list('sort=price-asc')).map(pay);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc[0]).toBe(Math.min(...all.map(pay)));
    const desc = (await list('sort=price-desc')).map(pay);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const byRating = await list('sort=rating');
    const ratings = byRating.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(ratings[0]).toBeGreaterThan(0);
    const newest = await list('sort=newest');
    expect(newest.map((p) => p.id)).toEqual(all.map((p) => p.id));
  });

  it('refuses bad filter values with a clear 400', async () => {
    for (const [qs, field] of [
      ['minPrice=abc', 'minPrice'],
      ['maxPrice=-5', 'maxPrice'],
      ['minRating=6', 'minRating'],
      ['minRating=0', 'minRating'],
      ['sort=cheapest', 'sort'],
      ['inStock=yes', 'inStock'],
      ['minPrice=50000&maxPrice=1000', 'minPrice'],
    ] as const) {
      const res = await get(`/api/products?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(Object.keys(res.json().error.fields ?? {}).join(','), qs).toContain(field);
    }
  });

  it('treats empty parameters as not given (a cleared price box)', async () => {
    expect(await list('minPrice=&maxPrice=&category=&sort=')).toHaveLength(all.length);
  });

  it('sends an ETag and answers a repeat visit with 304', async () => {
    const first = await get('/api/products?sort=price-asc');
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toContain('public');
    const again = await get('/api/products?sort=price-asc', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('returns a product by id, 404 for unknown or archived, 400 for a malformed id', async () => {
    const one = all[0]!;
    const res = await get(`/api/products/${one.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ id: one.id, name: one.name });
    const unknown = await get('/api/products/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Product not found');
    const [archived] = await t.database.db.select().from(products).where(eq(products.name, 'Pepperoni 200g'));
    expect((await get(`/api/products/${archived!.id}`)).statusCode).toBe(404);
    const bad = await get('/api/products/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Invalid product ID/);
  });

  it('returns up to 4 related products from the same category, never the product itself', async () => {
    const fillet = all.find((p) => p.name === 'Beef Fillet 1kg')!;
    const related = (await get(`/api/products/${fillet.id}/related`)).json().products as P[];
    expect(related).toHaveLength(4);
    expect(related.every((p) => p.category?.slug === 'beef' && p.id !== fillet.id)).toBe(true);
  });

  it('lists categories ordered by name with their product counts', async () => {
    const res = await get('/api/categories');
    expect(res.statusCode).toBe(200);
    const cats = res.json().categories as { name: string; slug: string; productCount: number }[];
    expect(cats.map((c) => c.name)).toEqual(['Beef', 'Cold Cuts', 'Goat and Lamb', 'Pork', 'Poultry', 'Sausages']);
    const coldCuts = cats.find((c) => c.slug === 'cold-cuts')!;
    // Pepperoni is archived, so it is not counted.
    expect(coldCuts.productCount).toBe(PRODUCTS.filter((p) => p.category === 'cold-cuts').length - 1);
  });
});
