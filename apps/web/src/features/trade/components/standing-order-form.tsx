/**
 * Setting up or changing a standing order: products and quantities, delivery days and a slot. The
 * server checks every field again (days the shop delivers, slots it offers, products still sold).
 */
import type { StandingOrderInput, StandingOrderLine, StandingOrders } from '@meatshop/shared/standing-orders';
import { WEEKDAY_NAMES } from '@meatshop/shared/standing-orders';
import { TRADE_LINE_MAX_QTY } from '@meatshop/shared/trade-prices';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useProducts } from '@/features/catalog/api/get-products';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSaveStandingOrder } from '../api/standing-orders';

export interface LinesEditorProps {
  lines: StandingOrderLine[];
  onChange(lines: StandingOrderLine[]): void;
  errors?: Record<string, string>;
  idPrefix: string;
}

/** The product picker with a quantity stepper per line (also used for changing one delivery). */
export function LinesEditor({ lines, onChange, errors, idPrefix }: LinesEditorProps) {
  const products = useProducts({});
  const list = products.data?.products ?? [];
  const name = (id: string) => list.find((p) => p.id === id)?.name ?? 'Product';
  const available = list.filter((p) => !lines.some((l) => l.productId === p.id));
  const set = (i: number, quantity: number) => onChange(lines.map((l, k) => (k === i ? { ...l, quantity } : l)));
  return (
    <div className="space-y-3">
      {lines.length > 0 ? (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {lines.map((l, i) => (
            <li key={l.productId} className="flex items-center gap-3 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-ink">{name(l.productId)}</p>
                {errors?.[`lines.${i}.productId`] ? <p className="text-xs text-danger">{errors[`lines.${i}.productId`]}</p> : null}
              </div>
              <div className="flex items-center gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Fewer ${name(l.productId)}`}
                  disabled={l.quantity <= 1}
                  onClick={() => set(i, l.quantity - 1)}
                >
                  <Minus className="size-4" />
                </Button>
                {/* A kitchen orders tens at a time: the figure can be typed as well as stepped. */}
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={TRADE_LINE_MAX_QTY}
                  value={l.quantity}
                  onChange={(e) => {
                    const n = Math.floor(Number(e.target.value));
                    if (Number.isFinite(n)) set(i, Math.min(TRADE_LINE_MAX_QTY, Math.max(1, n)));
                  }}
                  aria-label={`Quantity of ${name(l.productId)}`}
                  className="h-8 w-14 rounded-lg border border-line bg-white text-center text-sm font-semibold tabular-nums"
                  data-testid="line-quantity"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`More ${name(l.productId)}`}
                  disabled={l.quantity >= TRADE_LINE_MAX_QTY}
                  onClick={() => set(i, l.quantity + 1)}
                >
                  <Plus className="size-4" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${name(l.productId)}`}
                  onClick={() => onChange(lines.filter((_, k) => k !== i))}
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <Field id={`${idPrefix}-product`} label="Add a product" error={errors?.lines}>
        <Select
          id={`${idPrefix}-product`}
          value=""
          disabled={products.isPending}
          onChange={(e) => {
            if (e.target.value) onChange([...lines, { productId: e.target.value, quantity: 1 }]);
          }}
        >
          <option value="">
            {products.isPending ? 'Loading products…' : products.isError ? 'Could not load products' : 'Choose a product'}
          </option>
          {available.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

export function StandingOrderForm({
  editing,
  data,
  onDone,
}: {
  editing: StandingOrders['standingOrders'][number] | null;
  data: StandingOrders;
  onDone(): void;
}) {
  const [lines, setLines] = useState<StandingOrderLine[]>(editing?.lines.map(({ productId, quantity }) => ({ productId, quantity })) ?? []);
  const [weekdays, setWeekdays] = useState<number[]>(editing?.weekdays ?? []);
  const [slotStart, setSlotStart] = useState(editing?.slotStart ?? data.slots[1]?.start ?? data.slots[0]?.start ?? '');
  const [paymentMethod, setPaymentMethod] = useState<StandingOrderInput['paymentMethod']>(
    editing?.paymentMethod === 'on_account' ? 'on_account' : data.onAccount ? 'on_account' : 'cash_on_delivery',
  );
  const save = useSaveStandingOrder();
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const toggle = (d: number) => setWeekdays((w) => (w.includes(d) ? w.filter((x) => x !== d) : [...w, d].sort()));
  const submit = () => {
    const input: StandingOrderInput = { lines, weekdays, slotStart, paymentMethod };
    save.mutate({ id: editing?.id ?? null, input }, { onSuccess: onDone });
  };
  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div>
        <p className="mb-2 text-sm font-semibold text-ink">Products</p>
        <LinesEditor lines={lines} onChange={setLines} errors={fields} idPrefix="standing" />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-ink">Delivery days</legend>
        <div className="flex flex-wrap gap-2">
          {data.deliveryDays.map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={weekdays.includes(d)}
              onClick={() => toggle(d)}
              className={cn(
                'h-10 min-w-14 rounded-full border px-3 text-sm font-semibold transition-colors',
                weekdays.includes(d)
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-line-strong bg-surface text-ink hover:bg-cream-deep',
              )}
            >
              {WEEKDAY_NAMES[d]!.slice(0, 3)}
            </button>
          ))}
        </div>
        {fields.weekdays ? <p className="mt-1 text-sm text-danger">{fields.weekdays}</p> : null}
      </fieldset>
      <Field id="standing-slot" label="Delivery slot" error={fields.slotStart}>
        <Select id="standing-slot" value={slotStart} onChange={(e) => setSlotStart(e.target.value)}>
          {data.slots.map((s) => (
            <option key={s.start} value={s.start}>
              {s.label}
            </option>
          ))}
        </Select>
      </Field>
      {data.onAccount || paymentMethod === 'on_account' ? (
        <Field id="standing-payment" label="Payment" error={fields.paymentMethod}>
          <Select
            id="standing-payment"
            value={paymentMethod}
            onChange={(e) => setPaymentMethod(e.target.value as StandingOrderInput['paymentMethod'])}
          >
            <option value="on_account">On account (invoiced on delivery)</option>
            <option value="cash_on_delivery">Cash on delivery</option>
          </Select>
        </Field>
      ) : null}
      <p className="text-sm text-muted">
        {paymentMethod === 'on_account' ? 'Paid on account: each delivery is invoiced.' : 'Paid cash on delivery.'} Each delivery is placed
        at {data.cutoff} the day before; until then you can skip it or change it.
      </p>
      {save.isError && !Object.keys(fields).length ? (
        <p className="text-sm text-danger">{errorMessage(save.error, 'Could not save the standing order')}</p>
      ) : null}
      {save.isError && Object.keys(fields).length ? <p className="text-sm text-danger">{save.error.message}</p> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={save.isPending} disabled={!lines.length || !weekdays.length}>
          {editing ? 'Save changes' : 'Start standing order'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
