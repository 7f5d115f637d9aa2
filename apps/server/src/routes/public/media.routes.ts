/**
 * /media/*: public images (product and category pictures, site media). Served with their real
 * content type, nosniff and a sandboxing CSP so an upload can never run as a page. Private files
 * (delivery photos) are not here: they go through guarded API routes.
 * `?w=320` asks for a narrower WebP copy for a srcset: made with sharp on first request (rounded up
 * to one of MEDIA_WIDTHS, never wider than the original), kept in storage under resized/, and then
 * served like the original.
 */
import { MEDIA_WIDTHS } from '@meatshop/shared/constants';
import sharp from 'sharp';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { notFound } from '../../platform/errors.ts';
import { publicMediaKey } from '../../platform/media-key.ts';

type StoredFile = { body: Buffer; contentType: string } | null;

export default async function mediaRoutes(app: App) {
  // Concurrent first requests for one copy share one resize.
  const pending = new Map<string, Promise<NonNullable<StoredFile>>>();
  app.get(
    '/media/*',
    {
      config: { access: 'visitor' },
      schema: {
        hide: true,
        params: z.object({ '*': z.string().max(300) }),
        querystring: z.object({ w: z.coerce.number().int().min(1).max(10_000).optional() }),
      },
    },
    async (req, reply) => {
      // The path as sent, not the router's decoded copy: an encoded `/` or `.` must not reach storage.
      const key = publicMediaKey(req.url.slice('/media/'.length));
      if (!key) throw notFound();
      let file: StoredFile;
      try {
        file = await app.deps.storage.get(key);
        if (file?.contentType.startsWith('image/') && req.query.w) file = await resized(key, file, req.query.w);
      } catch {
        throw notFound();
      }
      if (!file?.contentType.startsWith('image/')) throw notFound();
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=604800')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  /** The stored copy of `key` at the allowed width at or above `wanted`, made on first request. */
  async function resized(key: string, original: NonNullable<StoredFile>, wanted: number): Promise<StoredFile> {
    const width = MEDIA_WIDTHS.find((w) => w >= wanted) ?? MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!;
    const copyKey = `resized/${width}/${key.replace(/\.[a-z]+$/i, '')}.webp`;
    const cached = await app.deps.storage.get(copyKey);
    if (cached) return cached;
    let made = pending.get(copyKey);
    if (!made) {
      made = (async () => {
        const body = await sharp(original.body, { limitInputPixels: 40_000_000 })
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 74 })
          .toBuffer();
        await app.deps.storage.put(copyKey, body, 'image/webp');
        return { body, contentType: 'image/webp' };
      })().finally(() => pending.delete(copyKey));
      pending.set(copyKey, made);
    }
    return made;
  }
}
