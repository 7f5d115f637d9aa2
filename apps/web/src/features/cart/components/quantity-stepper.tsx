/** − n + control for a cart line, 1..10 (a trade member's lines go higher). */
import { useLingui } from '@lingui/react/macro';
import { Minus, Plus } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useLineMaxQty } from '@/stores/trade-price-store';

interface QuantityStepperProps {
  value: number;
  onChange: (next: number) => void;
  label: string;
  max?: number;
  className?: string;
}

export function QuantityStepper({ value, onChange, label, max: maxProp, className }: QuantityStepperProps) {
  const lineMax = useLineMaxQty();
  const max = maxProp ?? lineMax;
  const { t } = useLingui();
  const btn =
    'inline-flex size-10 items-center justify-center rounded-full text-ink-soft transition-colors hover:bg-cream-deep hover:text-ink disabled:pointer-events-none disabled:opacity-40';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons and a live value, not a fieldset
    <div
      role="group"
      aria-label={t`Quantity of ${label}`}
      className={cn('inline-flex items-center rounded-full border border-line-strong bg-surface', className)}
    >
      <button
        type="button"
        className={btn}
        onClick={() => onChange(value - 1)}
        disabled={value <= 1}
        aria-label={t`Decrease quantity of ${label}`}
      >
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <output aria-live="polite" className="w-8 text-center font-semibold tabular-nums text-ink">
        {value}
      </output>
      <button
        type="button"
        className={btn}
        onClick={() => onChange(value + 1)}
        disabled={value >= max}
        aria-label={t`Increase quantity of ${label}`}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
