/**
 * The app's pages (modules/web/app-page.ts): the first data inside the page, the server render, the
 * route's modules, and what never goes into a page. A stand-in web build (index.html, the build
 * manifest and a server render that echoes what it was given) keeps this test off the real build.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bootKey } from '@meatshop/shared/page-boot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';
import { createTestApp, drivers, loginAs, type TestContext } from '../helpers.ts';

function fakeWebBuild() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'meatshop-web-'));
  mkdirSync(path.join(root, 'dist', '.vite'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(
    path.join(root, 'dist', 'index.html'),
    '<!doctype html><html><head><title>Shop</title><script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/react.js"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(root, 'dist', '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_button.js': { file: 'assets/button.js', imports: ['_react.js'] },
      'src/app/routes/storefront/checkout-screen.tsx': { file: 'assets/checkout-screen.js', imports: ['_button.js', '_react.js'] },
      'src/lib/create-query-client.ts': { file: 'assets/create-query-client.js' },
    }),
  );
  mkdirSync(path.join(root, 'dist', 'assets'));
  writeFileSync(path.join(root, 'dist', 'assets', 'index.js'), 'export {};');
  writeFileSync(path.join(root, 'dist', 'assets', 'index.js.map'), '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
  // The render: what it was given, so the test sees it (the language when not English); a path
  // with "boom" fails.
  writeFileSync(
    path.join(root, 'dist-ssr', 'entry-server.js'),
    `export async function render(url, data, language) {
      if (url.includes('boom')) throw new Error('render failed');
      const who = data['/api/auth/session']?.user?.email ?? 'visitor';
      const words = language === 'en' ? '' : ' in ' + language;
      return '<link rel="preload" as="image" href="/hero.webp"/><p>rendered ' + url + ' for ' + who + words + '</p>';
    }`,
  );
  return path.join(root, 'dist');
}

const bootData = (html: string) => JSON.parse(/<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html)![1]!);

describe.each(drivers)('app pages on %s', (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { WEB_DIST: fakeWebBuild() } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the listing with its first data, exactly as the API answers, rendered and held until the app takes over', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/products?sort=price-asc&category=beef&bogus=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const data = bootData(res.body);
    const api = (url: string) => t.app.inject({ method: 'GET', url }).then((r) => r.json());
    expect(Object.keys(data).sort()).toEqual(
      ['/api/auth/session', '/api/categories', '/api/shop-info', bootKey('/api/products?sort=price-asc&category=beef')].sort(),
    );
    expect(data[bootKey('/api/products?category=beef&sort=price-asc')]).toEqual(await api('/api/products?category=beef&sort=price-asc'));
    expect(data['/api/categories']).toEqual(await api('/api/categories'));
    expect(data['/api/auth/session']).toEqual({ user: null, rider: null, outletEmployee: null });
    expect(res.body).toContain(
      '<div id="root" data-ssr data-pending><p>rendered /products?sort=price-asc&category=beef&bogus=1 for visitor</p></div>',
    );
    // React's resource hints go to the head; a rendered page does not preload its modules.
    expect(res.body).toMatch(/<link data-page rel="preload" as="image" href="\/hero.webp"\/><\/head>/);
    expect(res.body).not.toContain('modulepreload');
  });

  it("asks for a rendered page's code once its content has loaded, and for any other page's at once", async () => {
    const rendered = (await t.app.inject({ method: 'GET', url: '/products' })).body;
    // The loader is told the entry's modules and the route's, so the app adds no preloads of its
    // own at start; the listing takes the page over from its data, so not the query client's.
    expect(rendered).toContain('<script defer src="/load-app.js" data-entry="/assets/index.js" data-preload="/assets/react.js"></script>');
    expect(rendered).not.toContain('create-query-client.js');
    expect(rendered).not.toContain('<script type="module"');
    expect(rendered).not.toContain('rel="modulepreload"');
    const other = (await t.app.inject({ method: 'GET', url: '/checkout' })).body;
    expect(other).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    expect(other).toContain('<link rel="modulepreload" crossorigin href="/assets/react.js">');
    expect(other).not.toContain('load-app.js');
  });

  it("carries the signed-in customer's own session and nobody else's", async () => {
    const cookie = await loginAs(t.app, 'customer');
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    const session = bootData(res.body)['/api/auth/session'];
    expect(session.user.email).toBe(ACCOUNTS.customer.email);
    expect(res.body).toContain(`rendered / for ${ACCOUNTS.customer.email}`);
    for (const other of Object.values(ACCOUNTS)) {
      if (other.email !== ACCOUNTS.customer.email) expect(res.body).not.toContain(other.email);
    }
    expect(res.headers.vary).toContain('cookie');
  });

  it('preloads the modules of a page it does not render, without the ones the entry already loads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/checkout' });
    expect(res.body).toContain('<div id="root"></div>');
    const preloads = [...res.body.matchAll(/<link data-page rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads.sort()).toEqual(['/assets/button.js', '/assets/checkout-screen.js', '/assets/create-query-client.js']);
  });

  it('still serves the page, for the browser to render, when the server render fails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(bootData(res.body)['/api/shop-info']).toBeDefined();
  });

  it('sends the code but keeps its source maps on the server', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/index.js' })).body).toBe('export {};');
    const map = await t.app.inject({ method: 'GET', url: '/assets/index.js.map' });
    expect(map.headers['content-type']).toContain('text/html');
    expect(map.body).not.toContain('"mappings"');
  });

  it('renders a product page with its meta tags and data, and keeps the build manifest private', async () => {
    const { products } = (await t.app.inject({ method: 'GET', url: '/api/products' })).json();
    const p = products[0];
    const res = await t.app.inject({ method: 'GET', url: `/products/${p.id}` });
    expect(res.body).toContain(`<title>${p.name} | Kampala Prime Meats</title>`);
    expect(bootData(res.body)[`/api/products/${p.id}`].product.id).toBe(p.id);
    expect(res.body).toContain(`rendered /products/${p.id} for visitor`);
    // The build manifest is not a file browsers get (the address is just another app page).
    const manifest = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.headers['content-type']).toContain('text/html');
    expect(manifest.body).not.toContain('"imports"');
  });

  it('compresses pages and API answers for a slow link, as the browser accepts', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/products' });
    const br = await t.app.inject({ method: 'GET', url: '/products', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/products', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const api = await t.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'br' } });
    expect(api.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(api.rawPayload).toString()).products.length).toBeGreaterThan(0);
  });

  it('renders the page in the language asked for on the address, and keeps that choice in a cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/products?lang=sw', headers: { 'accept-language': 'lg' } });
    expect(res.body).toMatch(/<html lang="sw">/);
    expect(res.body).toContain('rendered /products?lang=sw for visitor in sw</p>');
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/(^|,\s*)lang=sw;/);
    expect(set).toContain('Path=/');
    // A language that is not one of the shop's is ignored, and not kept.
    const unknown = await t.app.inject({ method: 'GET', url: '/products?lang=fr' });
    expect(unknown.body).toMatch(/<html lang="en">/);
    expect(String(unknown.headers['set-cookie'] ?? '')).not.toMatch(/lang=/);
  });

  it("takes the page's language from the cookie, then Accept-Language, then English", async () => {
    const byCookie = await t.app.inject({ method: 'GET', url: '/products', headers: { cookie: 'lang=lg', 'accept-language': 'sw' } });
    expect(byCookie.body).toMatch(/<html lang="lg">/);
    expect(byCookie.body).toContain('for visitor in lg</p>');
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/products',
      headers: { 'accept-language': 'fr-FR, sw-KE;q=0.8, en;q=0.5' },
    });
    expect(byHeader.body).toMatch(/<html lang="sw">/);
    expect(byHeader.headers.vary).toContain('accept-language');
    const english = await t.app.inject({ method: 'GET', url: '/products', headers: { 'accept-language': 'fr' } });
    expect(english.body).toMatch(/<html lang="en">/);
    expect(english.body).toContain('rendered /products for visitor</p>');
    // Pages the browser renders itself name the language too: its texts load from it.
    const checkout = await t.app.inject({ method: 'GET', url: '/checkout', headers: { cookie: 'lang=sw' } });
    expect(checkout.body).toMatch(/<html lang="sw">/);
  });
});
