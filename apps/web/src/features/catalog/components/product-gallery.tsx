/** The product's pictures: a large image that zooms on click, and thumbnails when there are several. */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { MEDIA_SIZES } from '@meatshop/shared/page-boot';
import { cn } from '@/lib/cn';
import { ProductImage } from './product-image';

export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const current = images[index];
  const { t } = useLingui();

  return (
    <div>
      <button
        type="button"
        aria-label={zoom ? t`Zoom out` : t`Zoom in`}
        aria-pressed={!!zoom}
        className={cn(
          'block aspect-square w-full overflow-hidden rounded-[var(--radius-card)] border border-line bg-cream-deep',
          zoom ? 'cursor-zoom-out' : 'cursor-zoom-in',
        )}
        onClick={(e) => {
          if (zoom) return setZoom(null);
          const r = e.currentTarget.getBoundingClientRect();
          setZoom({ x: ((e.clientX - r.left) / r.width) * 100 || 50, y: ((e.clientY - r.top) / r.height) * 100 || 50 });
        }}
        onMouseMove={(e) => {
          if (!zoom) return;
          const r = e.currentTarget.getBoundingClientRect();
          setZoom({ x: ((e.clientX - r.left) / r.width) * 100, y: ((e.clientY - r.top) / r.height) * 100 });
        }}
      >
        <ProductImage
          src={current}
          alt={name}
          width={800}
          height={800}
          fetchPriority="high"
          sizes={MEDIA_SIZES.gallery}
          className="size-full object-cover transition-transform duration-200"
          style={zoom ? { transform: 'scale(2)', transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
        />
      </button>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-3">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-label={t`Show picture ${i + 1} of ${images.length}`}
                aria-current={i === index || undefined}
                onClick={() => {
                  setIndex(i);
                  setZoom(null);
                }}
                className={cn(
                  'block size-20 overflow-hidden rounded-xl border-2 bg-cream-deep',
                  i === index ? 'border-brand-700' : 'border-transparent opacity-75 hover:opacity-100',
                )}
              >
                <ProductImage src={src} alt="" width={80} height={80} loading="lazy" sizes="80px" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
