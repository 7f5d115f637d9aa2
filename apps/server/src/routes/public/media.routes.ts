/**
 * /media/*: public images (product and category pictures, site media). Served with their real
 * content type, nosniff and a sandboxing CSP so an upload can never run as a page. Private files
 * (delivery photos) are not here: they go through guarded API routes.
 */
import { z } from 'zod';
import type { App } from '../../app.ts';
import { notFound } from '../../platform/errors.ts';

const PUBLIC_PREFIXES = ['product-images/', 'product-category-images/', 'site/'];

export default async function mediaRoutes(app: App) {
  app.get(
    '/media/*',
    { config: { access: 'visitor' }, schema: { hide: true, params: z.object({ '*': z.string().max(300) }) } },
    async (req, reply) => {
      const key = req.params['*'];
      if (!PUBLIC_PREFIXES.some((p) => key.startsWith(p))) throw notFound();
      let file: Awaited<ReturnType<typeof app.deps.storage.get>>;
      try {
        file = await app.deps.storage.get(key);
      } catch {
        throw notFound();
      }
      if (!file || !file.contentType.startsWith('image/')) throw notFound();
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=604800')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
}
