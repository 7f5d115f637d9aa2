/**
 * The product form's options: each option (Cut, Skin) with its values, whether each is available
 * today, and what it adds to (or takes off) the price. The server checks the same rules on save.
 */
import type { ProductOption } from '@meatshop/shared/product-options';
import { MAX_OPTION_VALUES, MAX_OPTIONS } from '@meatshop/shared/option-rules';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type Option = { name: string; values: { label: string; available?: boolean; priceDelta?: number }[] };

export function ProductOptionsEditor({
  value,
  onChange,
  error,
}: {
  value: Option[] | ProductOption[];
  onChange: (v: Option[]) => void;
  error?: string | undefined;
}) {
  const options = value as Option[];
  const setOption = (i: number, o: Option) => onChange(options.map((x, k) => (k === i ? o : x)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-ink">Options the customer picks</legend>
      <p className="text-xs text-muted">For example Cut: Whole / Cubed / Minced. The first available value is preselected.</p>
      {options.map((o, i) => (
        <div key={i} className="space-y-2 rounded-2xl border border-line p-3" data-testid="option-editor">
          <div className="flex items-center gap-2">
            <Input
              aria-label={`Option ${i + 1} name`}
              placeholder="Option name (Cut)"
              value={o.name}
              onChange={(e) => setOption(i, { ...o, name: e.target.value })}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove option ${o.name || i + 1}`}
              onClick={() => onChange(options.filter((_, k) => k !== i))}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </div>
          <p className="grid grid-cols-[1fr_7.5rem_auto_auto] gap-2 px-1 text-xs font-medium text-muted" aria-hidden="true">
            <span>Value</span>
            <span>Price change (UGX)</span>
          </p>
          <ul className="space-y-2">
            {o.values.map((v, j) => {
              const setValue = (nv: Option['values'][number]) => setOption(i, { ...o, values: o.values.map((x, k) => (k === j ? nv : x)) });
              return (
                <li key={j} className="grid grid-cols-[1fr_7.5rem_auto_auto] items-center gap-2">
                  <Input
                    aria-label={`${o.name || 'Option'} value ${j + 1}`}
                    placeholder="Value (Cubed)"
                    value={v.label}
                    onChange={(e) => setValue({ ...v, label: e.target.value })}
                  />
                  <Input
                    aria-label={`${v.label || 'Value'} price change (UGX)`}
                    type="number"
                    step="1"
                    inputMode="numeric"
                    placeholder="+ UGX"
                    value={v.priceDelta ?? 0}
                    onChange={(e) => setValue({ ...v, priceDelta: Number(e.target.value) || 0 })}
                  />
                  <label className="flex items-center gap-1.5 text-xs text-ink-soft">
                    <input
                      type="checkbox"
                      checked={v.available ?? true}
                      onChange={(e) => setValue({ ...v, available: e.target.checked })}
                    />
                    Available
                  </label>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${v.label || 'value'}`}
                    onClick={() => setOption(i, { ...o, values: o.values.filter((_, k) => k !== j) })}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
          {o.values.length < MAX_OPTION_VALUES ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setOption(i, { ...o, values: [...o.values, { label: '', available: true, priceDelta: 0 }] })}
            >
              <Plus className="size-4" aria-hidden="true" />
              Add value
            </Button>
          ) : null}
        </div>
      ))}
      {options.length < MAX_OPTIONS ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onChange([...options, { name: '', values: [{ label: '', available: true, priceDelta: 0 }] }])}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add option
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
