/**
 * What search engines read: /products/{id} served with its meta tags already in the HTML,
 * /sitemap.xml and /robots.txt. Registered before the SPA fallback in app.ts.
 */
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import * as catalog from '../../modules/catalog/catalog.service.ts';
import { renderProductHtml, robotsTxt, sitemapXml } from '../../modules/seo/product-meta.ts';
import type { PageRenderer } from '../../modules/web/app-page.ts';

export default async function seoRoutes(app: App, opts: { sendPage: PageRenderer }) {
  const { db, config } = app.deps;
  const publicUrl = config.publicUrl;
  const { sendPage } = opts;

  app.get(
    '/products/:id',
    { config: { access: 'visitor' }, schema: { hide: true, params: z.object({ id: z.string().max(100) }) } },
    async (req, reply) => {
      const parsed = z.uuid().safeParse(req.params.id);
      const product = parsed.success ? await catalog.getProduct(db, parsed.data).catch(() => null) : null;
      // An unknown product still gets the app (it shows "Product not found"), with a 404 status for crawlers.
      if (!product) return sendPage(req, reply, { status: 404 });
      return sendPage(req, reply, { html: renderProductHtml(sendPage.template, product, publicUrl) });
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
