/**
 * The proof-of-delivery photo: judged by its bytes (a PNG named .jpg is fine, a PDF named .jpg is
 * not), re-encoded to JPEG so no EXIF (and so no GPS position of the customer's home) is kept.
 */
import { DELIVERY_PHOTO_MESSAGES } from '@meatshop/shared/delivery';
import { IMAGE_MAX_BYTES } from '@meatshop/shared/constants';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../platform/errors.ts';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);

export async function toDeliveryJpeg(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw new AppError('VALIDATION', DELIVERY_PHOTO_MESSAGES.missing, { photo: DELIVERY_PHOTO_MESSAGES.missing });
  if (input.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', DELIVERY_PHOTO_MESSAGES.tooLarge);
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DELIVERY_PHOTO_MESSAGES.notImage);
  try {
    // rotate() applies the camera's orientation before the metadata is dropped (sharp keeps none by default).
    return await sharp(input, { limitInputPixels: 60_000_000 })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', DELIVERY_PHOTO_MESSAGES.notImage);
  }
}

export const deliveryPhotoKey = (orderId: string, at: Date) => `delivery-photos/${orderId}/${at.getTime()}.jpg`;
/** The guarded URL the order keeps in delivery_photo_url (see routes/delivery/delivery-photo.routes.ts). */
export const deliveryPhotoUrl = (key: string) => `/api/${key}`;
