/** A product picture that falls back to the shop's logo when the image is missing or broken (spec 8). */
import { type ImgHTMLAttributes, useState } from 'react';
import { cn } from '@/lib/cn';

export const FALLBACK_IMAGE = '/logo.svg';

export function ProductImage({ src, alt, className, ...props }: ImgHTMLAttributes<HTMLImageElement>) {
  const [broken, setBroken] = useState(false);
  const useFallback = broken || !src;
  return (
    <img
      src={useFallback ? FALLBACK_IMAGE : src}
      alt={alt}
      onError={() => setBroken(true)}
      className={cn(useFallback && 'bg-cream-deep object-contain p-8', className)}
      {...props}
    />
  );
}
