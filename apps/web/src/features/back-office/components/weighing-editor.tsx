/**
 * "Sold by weight" on the product form: off, the product is sold by the unit; on, its price is per kg,
 * its stock is counted in grams, and the customer picks one of the amounts (or a piece of about N g).
 * The shared zod schema checks the amounts and tolerance, here and on the server.
 */
import { DEFAULT_TOLERANCE_PERCENT, type Weighing } from '@meatshop/shared/weighing';
import { formatGrams } from '@meatshop/shared/weighing-rules';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The form holds the input shape (defaults not applied yet). */
type Value = { amounts: number[]; pieces?: boolean; tolerancePercent?: number } | null | undefined;

const parseAmounts = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => Number(s));

export function WeighingEditor({ value, onChange, error }: { value: Value; onChange: (v: Value) => void; error?: string }) {
  const [amountsText, setAmountsText] = useState(() => (value?.amounts ?? [250, 500, 1000, 2000]).join(', '));
  const on = !!value;
  const set = (patch: Partial<Weighing>) =>
    onChange({ amounts: parseAmounts(amountsText), pieces: false, tolerancePercent: DEFAULT_TOLERANCE_PERCENT, ...value, ...patch });

  return (
    <fieldset className="space-y-3 rounded-2xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">How it is sold</legend>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={on}
          onChange={(e) => (e.target.checked ? set({}) : onChange(null))}
        />
        Sold by weight: the price is per kg and stock is counted in grams
      </label>
      {on ? (
        <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
          <Field
            id="weighing-amounts"
            label={value?.pieces ? 'Usual weight of one piece (grams)' : 'Amounts the customer may choose (grams)'}
            hint={
              parseAmounts(amountsText).every((n) => Number.isFinite(n) && n > 0)
                ? parseAmounts(amountsText).map(formatGrams).join(' · ')
                : 'Whole grams, separated by commas'
            }
            error={error}
          >
            <Input
              id="weighing-amounts"
              inputMode="numeric"
              value={amountsText}
              invalid={!!error}
              onChange={(e) => {
                setAmountsText(e.target.value);
                set({ amounts: parseAmounts(e.target.value) });
              }}
            />
          </Field>
          <Field id="weighing-tolerance" label="Tolerance (%)" hint="Packer confirms outside it">
            <Input
              id="weighing-tolerance"
              type="number"
              min={1}
              max={50}
              inputMode="numeric"
              value={value?.tolerancePercent ?? DEFAULT_TOLERANCE_PERCENT}
              onChange={(e) => set({ tolerancePercent: Number(e.target.value) })}
            />
          </Field>
          <label className="flex min-h-11 items-center gap-3 text-sm text-ink sm:col-span-2">
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={!!value?.pieces}
              onChange={(e) => set({ pieces: e.target.checked })}
            />
            Sold as whole pieces of about this weight (a whole chicken)
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}
