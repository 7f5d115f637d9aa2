/**
 * The home hero slider (spec 4): 3 slides advancing every 5 s; previous, next or a dot pauses the
 * rotation for 5 s. Respects reduced motion (no auto-advance).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

export const SLIDE_MS = 5_000;
export const PAUSE_MS = 5_000;

const SLIDES = [
  { src: '/site/hero-grill', alt: msg`Beef sausages and boerewors sizzling over glowing charcoal` },
  { src: '/site/hero-board', alt: msg`A marbled steak on a wooden board with rosemary, salt and pepper` },
  { src: '/site/hero-platter', alt: msg`A platter of salami, rolled ham and olives` },
] as const;

export function HeroSlider() {
  const [index, setIndex] = useState(0);
  const pausedUntil = useRef(0);
  const { t, i18n } = useLingui();

  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => {
      if (Date.now() < pausedUntil.current) return;
      setIndex((i) => (i + 1) % SLIDES.length);
    }, SLIDE_MS);
    return () => clearInterval(timer);
  }, []);

  const go = (i: number) => {
    pausedUntil.current = Date.now() + PAUSE_MS;
    setIndex((i + SLIDES.length) % SLIDES.length);
  };

  return (
    <section aria-roledescription="carousel" aria-label={t`Featured`} className="relative overflow-hidden rounded-[1.75rem] shadow-2xl">
      <div className="relative aspect-[16/10] sm:aspect-[16/9]">
        {SLIDES.map((s, i) => (
          <picture key={s.src}>
            <source media="(max-width: 640px)" srcSet={`${s.src}-800.webp`} />
            <img
              src={`${s.src}.webp`}
              alt={i18n._(s.alt)}
              width={1600}
              height={700}
              aria-hidden={i !== index}
              fetchPriority={i === 0 ? 'high' : 'low'}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
              className={cn(
                'absolute inset-0 size-full object-cover transition-opacity duration-700',
                i === index ? 'opacity-100' : 'opacity-0',
              )}
            />
          </picture>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        <Trans>
          Slide {index + 1} of {SLIDES.length}
        </Trans>
      </p>
      <button
        type="button"
        aria-label={t`Previous slide`}
        onClick={() => go(index - 1)}
        className="absolute top-1/2 left-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur hover:bg-black/65"
      >
        <ChevronLeft className="size-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={t`Next slide`}
        onClick={() => go(index + 1)}
        className="absolute top-1/2 right-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur hover:bg-black/65"
      >
        <ChevronRight className="size-5" aria-hidden="true" />
      </button>
      <div className="absolute inset-x-0 bottom-1 flex justify-center">
        {SLIDES.map((s, i) => (
          // A 24 px tall touch target around the small dot (Lighthouse target-size).
          <button
            key={s.src}
            type="button"
            aria-label={t`Go to slide ${i + 1}`}
            aria-current={i === index || undefined}
            onClick={() => go(i)}
            className="group/dot inline-flex h-6 min-w-6 items-center justify-center px-1"
          >
            <span
              className={cn(
                'block h-2.5 rounded-full transition-all',
                i === index ? 'w-7 bg-white' : 'w-2.5 bg-white/55 group-hover/dot:bg-white/80',
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
