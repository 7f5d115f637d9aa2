/**
 * What search engines read: /products/{id} served with its meta tags already in the HTML,
 * /sitemap.xml and /robots.txt. Registered before the SPA fallback in app.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { App } from '../../app.ts';
import * as catalog from '../../modules/catalog/catalog.service.ts';
import { renderProductHtml, robotsTxt, sitemapXml } from '../../modules/seo/product-meta.ts';

export default async function seoRoutes(app: App, opts: { webRoot: string }) {
  const { db, config } = app.deps;
  const publicUrl = config.publicUrl;
  // index.html changes only with a deploy: read it once (null when the web app is not built).
  const template = await readFile(path.join(opts.webRoot, 'index.html'), 'utf8').catch(() => null);

  app.get(
    '/products/:id',
    { config: { access: 'visitor' }, schema: { hide: true, params: z.object({ id: z.string().max(100) }) } },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      const parsed = z.uuid().safeParse(req.params.id);
      const product = parsed.success ? await catalog.getProduct(db, parsed.data).catch(() => null) : null;
      // An unknown product still gets the app (it shows "Product not found"), with a 404 status for crawlers.
      if (!product) {
        if (!template) return reply.code(404).send('Product not found');
        return reply.code(404).send(template);
      }
      return reply.send(renderProductHtml(template, product, publicUrl));
    },
  );

  app.get('/sitemap.xml', { config: { access: 'visitor' }, schema: { hide: true } }, async (_req, reply) => {
    const [products, categories] = [await catalog.listProducts(db, { sort: 'newest' }), await catalog.listCategories(db)];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(publicUrl, products, categories));
  });

  app.get('/robots.txt', { config: { access: 'visitor' }, schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(publicUrl)),
  );
}
