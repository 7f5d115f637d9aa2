/** Stars: a read-only display (with halves) or, with `onRate`, five buttons a signed-in user can click. */
import { useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { type CSSProperties, useState } from 'react';
import { cn } from '@/lib/cn';

interface StarsProps {
  value: number;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: '0.875rem', md: '1.125rem', lg: '1.5rem' } as const;

export function Stars({ value, size = 'sm', className }: StarsProps) {
  const shown = Math.max(0, Math.min(5, value));
  const whole = Math.floor(shown);
  const { t } = useLingui();
  const rated = value.toFixed(1);
  const style = { '--star-size': sizes[size], '--stars-whole': whole, '--stars-part': shown - whole } as CSSProperties;
  return <span className={cn('stars', className)} style={style} role="img" aria-label={t`Rated ${rated} out of 5`} />;
}

interface RateStarsProps {
  value: number;
  onRate: (rating: number) => void;
  disabled?: boolean;
  label?: string;
}

/** Five radio-like buttons; hovering previews, clicking rates. */
export function RateStars({ value, onRate, disabled, label }: RateStarsProps) {
  const { t } = useLingui();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <div
      role="radiogroup"
      aria-label={label ?? t`Rate this product`}
      className="inline-flex items-center gap-1"
      onMouseLeave={() => setHover(0)}
    >
      {[1, 2, 3, 4, 5].map((i) => (
        // biome-ignore lint/a11y/useSemanticElements: a star button styled as one of five choices
        <button
          key={i}
          type="button"
          role="radio"
          aria-checked={value === i}
          aria-label={i > 1 ? t`${i} stars` : t`1 star`}
          disabled={disabled}
          onMouseEnter={() => setHover(i)}
          onFocus={() => setHover(i)}
          onBlur={() => setHover(0)}
          onClick={() => onRate(i)}
          className="rounded-md p-0.5 transition-transform hover:scale-110 disabled:opacity-60"
        >
          <Star className={cn('size-6', i <= shown ? 'fill-gold text-gold' : 'text-line-strong')} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
