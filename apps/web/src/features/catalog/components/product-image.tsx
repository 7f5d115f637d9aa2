/**
 * A product picture that falls back to the shop's logo when the image is missing or broken (spec 8).
 * Given `sizes`, a stored image (/media/…) also gets a srcset of narrower WebP copies (the server
 * makes them, see media.routes.ts), so a phone downloads what it shows rather than the full picture.
 * Pictures are decoded asynchronously unless the caller says otherwise.
 */
import { mediaSrcSet } from '@meatshop/shared/page-boot';
import { type ImgHTMLAttributes, useState } from 'react';
import { cn } from '@/lib/cn';

export const FALLBACK_IMAGE = '/logo.svg';

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
      // After the caller's classes, so a card's object-cover does not crop the logo.
      className={cn(className, useFallback && 'bg-cream-deep object-contain p-8')}
      // Decoded off the main thread: a listing's pictures then do not hold up the app's start.
      decoding="async"
      {...props}
    />
  );
}
