/**
 * A product picture that falls back to the shop's logo when the image is missing or broken (spec 8).
 * Given `sizes`, a stored image (/media/…) also gets a srcset of narrower WebP copies (the server
 * makes them, see media.routes.ts), so a phone downloads what it shows rather than the full picture.
 */
import { MEDIA_WIDTHS } from '@meatshop/shared/constants';
import { type ImgHTMLAttributes, useState } from 'react';
import { cn } from '@/lib/cn';

export const FALLBACK_IMAGE = '/logo.svg';

/** `src?w=160 160w, …` for an image the server stores, else undefined. */
export function mediaSrcSet(src: string | undefined) {
  if (!src?.startsWith('/media/') || src.includes('?')) return undefined;
  return MEDIA_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', ');
}

export function ProductImage({ src, alt, className, sizes, ...props }: ImgHTMLAttributes<HTMLImageElement>) {
  const [broken, setBroken] = useState(false);
  const useFallback = broken || !src;
  const srcSet = !useFallback && sizes ? mediaSrcSet(src) : undefined;
  return (
    <img
      src={useFallback ? FALLBACK_IMAGE : src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      onError={() => setBroken(true)}
      className={cn(useFallback && 'bg-cream-deep object-contain p-8', className)}
      {...props}
    />
  );
}
