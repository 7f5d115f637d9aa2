/** Settings > Delivery slots: delivery hours and days, same-day cut-off, slot length and capacity. */
import { SLOT_LENGTHS, ShopSettingsFields } from '@meatshop/shared/shop-settings';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useShopSettings, useUpdateShopSettings } from '@/features/back-office/api/shop-settings';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

const SlotForm = ShopSettingsFields.pick({
  deliveryOpensAt: true,
  deliveryClosesAt: true,
  deliveryDays: true,
  sameDayCutoff: true,
  slotMinutes: true,
  slotCapacity: true,
  slotDaysAhead: true,
}).refine((s) => s.deliveryOpensAt < s.deliveryClosesAt, {
  path: ['deliveryClosesAt'],
  message: 'Delivery hours must end after they start',
});
type SlotForm = typeof SlotForm._zod.output;
type Errors = Partial<Record<keyof SlotForm, string>>;

/** Monday first, as a Kampala week reads; values are JavaScript weekdays (0 = Sunday). */
const DAYS = [
  { value: 1, label: 'Mon' },
  { value: 2, label: 'Tue' },
  { value: 3, label: 'Wed' },
  { value: 4, label: 'Thu' },
  { value: 5, label: 'Fri' },
  { value: 6, label: 'Sat' },
  { value: 0, label: 'Sun' },
];

export function DeliverySlotsCard() {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const [draft, setDraft] = useState<SlotForm | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    const s = settings.data;
    if (s && !draft) {
      setDraft({
        deliveryOpensAt: s.deliveryOpensAt,
        deliveryClosesAt: s.deliveryClosesAt,
        deliveryDays: s.deliveryDays,
        sameDayCutoff: s.sameDayCutoff,
        slotMinutes: s.slotMinutes,
        slotCapacity: s.slotCapacity,
        slotDaysAhead: s.slotDaysAhead,
      });
    }
  }, [settings.data, draft]);

  const set = <K extends keyof SlotForm>(k: K, v: SlotForm[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const parsed = SlotForm.safeParse(draft);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => toast.success('Delivery slots saved'),
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors);
        toast.error(errorMessage(err, 'Failed to save settings'));
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Delivery slots</CardTitle>
        <CardDescription>
          When riders deliver, in Kampala time. Customers choose "As soon as possible" while you deliver today and before the same-day
          cut-off, or a slot on the next delivery days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <ErrorState title="Failed to load settings" message={errorMessage(settings.error)} onRetry={() => settings.refetch()} />
        ) : !draft ? (
          <div className="grid gap-5 sm:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-[4.5rem]" />
            ))}
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-6">
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-ink">Delivery days</legend>
              <div className="flex flex-wrap gap-2">
                {DAYS.map((d) => {
                  const on = draft.deliveryDays.includes(d.value);
                  return (
                    <label
                      key={d.value}
                      className={cn(
                        'cursor-pointer rounded-full border px-4 py-2 text-sm font-semibold transition-colors',
                        on ? 'border-brand-700 bg-brand-700 text-white' : 'border-line-strong bg-surface text-ink-soft hover:border-ink/40',
                      )}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={on}
                        onChange={() =>
                          set(
                            'deliveryDays',
                            on ? draft.deliveryDays.filter((x) => x !== d.value) : [...draft.deliveryDays, d.value].sort(),
                          )
                        }
                      />
                      {d.label}
                    </label>
                  );
                })}
              </div>
              {errors.deliveryDays ? <p className="mt-2 text-sm font-medium text-danger">{errors.deliveryDays}</p> : null}
            </fieldset>
            <div className="grid gap-5 sm:grid-cols-3">
              <Field id="slots-opens" label="Deliveries start" error={errors.deliveryOpensAt}>
                <Input
                  id="slots-opens"
                  type="time"
                  value={draft.deliveryOpensAt}
                  invalid={!!errors.deliveryOpensAt}
                  onChange={(e) => set('deliveryOpensAt', e.target.value)}
                />
              </Field>
              <Field id="slots-closes" label="Deliveries end" error={errors.deliveryClosesAt}>
                <Input
                  id="slots-closes"
                  type="time"
                  value={draft.deliveryClosesAt}
                  invalid={!!errors.deliveryClosesAt}
                  onChange={(e) => set('deliveryClosesAt', e.target.value)}
                />
              </Field>
              <Field
                id="slots-cutoff"
                label="Same-day cut-off"
                error={errors.sameDayCutoff}
                hint="Orders after this time are delivered on a later day"
              >
                <Input
                  id="slots-cutoff"
                  type="time"
                  value={draft.sameDayCutoff}
                  invalid={!!errors.sameDayCutoff}
                  onChange={(e) => set('sameDayCutoff', e.target.value)}
                />
              </Field>
              <Field id="slots-length" label="Slot length" error={errors.slotMinutes}>
                <Select id="slots-length" value={String(draft.slotMinutes)} onChange={(e) => set('slotMinutes', Number(e.target.value))}>
                  {SLOT_LENGTHS.map((m) => (
                    <option key={m} value={m}>
                      {m / 60} hour{m === 60 ? '' : 's'}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                id="slots-capacity"
                label="Orders per slot"
                error={errors.slotCapacity}
                hint="How many orders your riders can deliver in one slot"
              >
                <Input
                  id="slots-capacity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={String(draft.slotCapacity)}
                  invalid={!!errors.slotCapacity}
                  onChange={(e) => set('slotCapacity', Number(e.target.value))}
                />
              </Field>
              <Field id="slots-ahead" label="Days offered ahead" error={errors.slotDaysAhead}>
                <Input
                  id="slots-ahead"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={14}
                  value={String(draft.slotDaysAhead)}
                  invalid={!!errors.slotDaysAhead}
                  onChange={(e) => set('slotDaysAhead', Number(e.target.value))}
                />
              </Field>
            </div>
            <div className="flex justify-end">
              <Button type="submit" pending={update.isPending} pendingText="Saving...">
                Save Delivery Slots
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
