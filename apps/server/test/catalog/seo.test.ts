import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestContext } from '../helpers.ts';

describe.each(drivers)('search-engine pages on %s', (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves /products/{id} with title, description, Open Graph image and Product JSON-LD in the HTML', async () => {
    const { products } = (await t.app.inject({ method: 'GET', url: '/api/products?onSale=true' })).json();
    const p = products[0];
    const res = await t.app.inject({ method: 'GET', url: `/products/${p.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain(`<title>${p.name} | Kampala Prime Meats</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html).toContain(`<meta property="og:image" content="http://localhost:3000${p.imageUrls[0]}">`);
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!);
    expect(ld).toMatchObject({ '@type': 'Product', name: p.name, offers: { priceCurrency: 'UGX', price: p.discountPrice } });
  });

  it('answers an unknown or malformed product id with 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/products/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/products/not-a-uuid' })).statusCode).toBe(404);
  });

  it('publishes sitemap.xml with every product and robots.txt pointing at it', async () => {
    const { products } = (await t.app.inject({ method: 'GET', url: '/api/products' })).json();
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const p of products) expect(sitemap.body).toContain(`/products/${p.id}</loc>`);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Allow: /rider/login');
    expect(robots.body).not.toContain('Disallow: /cart');
  });
});
