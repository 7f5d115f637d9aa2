/**
 * Admin image uploads: the type is decided by the file's bytes (never its name or the browser's
 * claim), then sharp re-encodes it (dropping metadata such as GPS) into two web-friendly WebP sizes.
 */
import { randomUUID } from 'node:crypto';
import { IMAGE_MESSAGES } from '@meatshop/shared/admin-catalog';
import { IMAGE_MAX_BYTES } from '@meatshop/shared/constants';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './errors.ts';
import type { Storage } from './storage.ts';

const ALLOWED = new Set(['image/jpeg', 'image/png', 'image/webp']);
const VARIANTS = [
  { suffix: 'large', width: 1200, quality: 80 },
  { suffix: 'thumb', width: 480, quality: 75 },
] as const;

export const IMAGE_PREFIX = { product: 'product-images', category: 'product-category-images' } as const;

export async function assertImageBytes(buf: Buffer) {
  if (buf.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
  const type = await fileTypeFromBuffer(buf);
  if (!type || !ALLOWED.has(type.mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.invalidType);
}

/** Stores the variants and returns their public URLs (the large one is the product image). */
export async function storeImage(storage: Storage, kind: keyof typeof IMAGE_PREFIX, buf: Buffer) {
  await assertImageBytes(buf);
  const id = randomUUID();
  const urls: Record<string, string> = {};
  for (const v of VARIANTS) {
    let out: Buffer;
    try {
      out = await sharp(buf, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: v.width, height: v.width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: v.quality })
        .toBuffer();
    } catch {
      // The magic bytes looked right but the image cannot be decoded.
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.invalidType);
    }
    const key = `${IMAGE_PREFIX[kind]}/${id}-${v.suffix}.webp`;
    await storage.put(key, out, 'image/webp');
    urls[v.suffix] = storage.publicUrl(key);
  }
  return { url: urls.large!, thumbnailUrl: urls.thumb! };
}
