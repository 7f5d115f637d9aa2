/**
 * A product's own words go into its server-made page as text: `$&`, `$'`, `` $` ``, `$1`, `$$` and
 * `$<x>` mean something to String.replace, and must come out verbatim without moving the rest of
 * the page around.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/modules/seo/product-meta.ts';
import { adminClient } from '../admin/admin-client.ts';
import { createTestApp, drivers, type TestContext } from '../helpers.ts';

const NAMES = [
  "Beef $' ribs",
  'Goat $& stew',
  'Pork $` belly',
  'Lamb $1 chops $2',
  'Chicken $$ wings',
  'Sausage $<x> links',
  "Mix $$' $&$` $0",
];

describe.each(drivers)('product pages with replacement patterns in the text on %s', (driver) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let categoryId: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    categoryId = (await admin.get('/api/admin/categories')).json()[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(NAMES)('keeps %s verbatim in the title, meta tags, JSON-LD and boot data', async (name) => {
    const description = `Tender ${name}, cut $' today $& served $\` with $1 and $$ sauce.`;
    const created = await admin.post('/api/admin/products', { name, description, price: 12_000, stock: 5, categoryId });
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: `/products/${created.json().id}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;

    expect(html).toContain(`<title>${escapeHtml(name)} | Kampala Prime Meats</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escapeHtml(name)} | Kampala Prime Meats">`);
    expect(html).toContain(`<meta name="description" content="${escapeHtml(description)}`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld).toMatchObject({ '@type': 'Product', name, description });
    const boot = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html);
    expect(boot?.[1]).toContain(JSON.stringify(name).slice(1, -1).replace(/</g, '\\u003c'));

    // One of each landmark, in order: nothing copied in from before or after a match.
    for (const tag of [
      '<!doctype html>',
      '<head>',
      '</head>',
      '<body>',
      '</body>',
      '</html>',
      '<title>',
      'application/ld+json',
      '<div id="root"',
    ])
      expect(html.split(tag).length - 1, tag).toBe(1);
    expect(html.indexOf('</title>')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('</head>')).toBeLessThan(html.indexOf('<body>'));
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });
});
