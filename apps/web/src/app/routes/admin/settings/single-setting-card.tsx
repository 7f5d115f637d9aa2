/**
 * Settings > Shop cards that each edit one value: the sell-by cut-off, the standing-order cut-off and
 * the VAT rate on trade invoices. One frame (loading, error, the field with the server's message under
 * it, a Save button enabled only by a change) and a card per value saying what it governs.
 */
import { type ComponentProps, type FormEvent, useEffect, useState } from 'react';
import type { AdminUpdateSettingsInput } from '@meatshop/shared/shop-settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useShopSettings, useUpdateShopSettings } from '@/features/back-office/api/shop-settings';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

type SingleKey = 'sellByDaysBeforeUseBy' | 'vatRatePercent' | 'standingOrderCutoff';

interface SingleSettingCardProps {
  setting: SingleKey;
  title: string;
  description: string;
  id: string;
  label: string;
  hint: string;
  save: string;
  /** The characters the field keeps as it is typed (a number field drops the rest). */
  keep?: RegExp;
  input?: Pick<ComponentProps<typeof Input>, 'inputMode' | 'type'>;
}

function SingleSettingCard({ setting, title, description, id, label, hint, save, keep, input }: SingleSettingCardProps) {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (settings.data && value === null) setValue(String(settings.data[setting]));
  }, [settings.data, value, setting]);
  const saved = settings.data ? String(settings.data[setting]) : '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const typed = value ?? '';
    const current = settings.data?.[setting];
    update.mutate({ [setting]: typeof current === 'number' ? Number(typed) : typed } as AdminUpdateSettingsInput, {
      onSuccess: () => toast.success('Settings saved successfully'),
      onError: (err) => setError((err instanceof ApiError && err.fields?.[setting]) || errorMessage(err, 'Failed to save settings')),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <ErrorState title="Failed to load settings" message={errorMessage(settings.error)} onRetry={() => settings.refetch()} />
        ) : value === null ? (
          <Skeleton className="h-[4.5rem] max-w-md" />
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <Field id={id} label={label} error={error} hint={hint} className="sm:w-56">
              <Input
                id={id}
                {...input}
                value={value}
                invalid={!!error}
                onChange={(e) => setValue(keep ? e.target.value.replace(keep, '') : e.target.value)}
              />
            </Field>
            <Button
              type="submit"
              className="sm:mt-7"
              pending={update.isPending}
              pendingText="Saving..."
              disabled={value === saved || value === ''}
            >
              {save}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** How many days before its use-by date a batch stops being sold; past it the batch waits on the outlet's disposal list. */
export function SellByCard() {
  return (
    <SingleSettingCard
      setting="sellByDaysBeforeUseBy"
      title="Sell-by cut-off"
      description="Orders take the batch with the earliest use-by date first. A batch is sold until this many days before its use-by date; after that it leaves sale and is listed for disposal at its outlet."
      id="settings-sellByDays"
      label="Days before use-by"
      hint="0 sells a batch through its use-by day."
      save="Save Cut-off"
      keep={/[^0-9]/g}
      input={{ inputMode: 'numeric' }}
    />
  );
}

/** When each standing order's delivery is placed, the day before; until then members may skip or change it. */
export function StandingOrderCutoffCard() {
  return (
    <SingleSettingCard
      setting="standingOrderCutoff"
      title="Standing orders"
      description="Trade accounts' standing orders are placed at this time (Kampala) the day before each delivery. Until then members can skip or change a delivery; after it the order is placed and they are told."
      id="settings-standingCutoff"
      label="Cut-off, the day before"
      hint="A time like 18:00."
      save="Save standing order cut-off"
      input={{ type: 'time' }}
    />
  );
}

/** The rate printed on trade invoices: prices include VAT, and an issued invoice keeps its rate. */
export function VatRateCard() {
  return (
    <SingleSettingCard
      setting="vatRatePercent"
      title="VAT on trade invoices"
      description="Prices include VAT. Each invoice shows the VAT its total contains at this rate; invoices already issued keep the rate they were issued with."
      id="settings-vatRate"
      label="VAT rate (%)"
      hint="Uganda: 18"
      save="Save VAT rate"
      keep={/[^0-9.]/g}
      input={{ inputMode: 'decimal' }}
    />
  );
}
