/** /api/admin/images: uploads (checked by their bytes, re-encoded) and pasted-URL checks. */
import { CheckImageUrlInput, IMAGE_MESSAGES, ImageKind, UploadedImage } from '@meatshop/shared/admin-catalog';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { AppError, invalid } from '../../../platform/errors.ts';
import { imageUrlChecker } from '../../../platform/image-url.ts';
import { storeImage } from '../../../platform/images.ts';

export default async function uploadsRoutes(app: App) {
  const { storage, config } = app.deps;
  const checkImageUrl = imageUrlChecker({ allowPrivateHosts: config.ALLOW_PRIVATE_HOSTS });
  const tags = ['admin'];

  app.post(
    '/images',
    { schema: { tags, querystring: z.object({ kind: ImageKind.default('product') }), response: { 201: UploadedImage } } },
    async (req, reply) => {
      if (!req.isMultipart()) throw invalid('Choose an image to upload.', { file: 'Choose an image to upload.' });
      const file = await req.file();
      if (!file) throw invalid('Choose an image to upload.', { file: 'Choose an image to upload.' });
      let buf: Buffer;
      try {
        buf = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
        throw err;
      }
      if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
      return reply.code(201).send(await storeImage(storage, req.query.kind, buf));
    },
  );

  app.post(
    '/images/check-url',
    { schema: { tags, body: CheckImageUrlInput, response: { 200: z.object({ url: z.string() }) } } },
    async (req) => ({ url: await checkImageUrl(req.body.url) }),
  );
}
