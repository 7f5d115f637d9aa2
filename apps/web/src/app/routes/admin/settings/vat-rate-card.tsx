/**
 * Settings > Shop > VAT rate: the rate printed on trade invoices. Shop prices include VAT, so an
 * invoice shows the VAT its total contains at this rate; invoices already issued keep their rate.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useShopSettings, useUpdateShopSettings } from '@/features/back-office/api/shop-settings';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function VatRateCard() {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const [rate, setRate] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (settings.data && rate === null) setRate(String(settings.data.vatRatePercent));
  }, [settings.data, rate]);
  const saved = settings.data ? String(settings.data.vatRatePercent) : '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    update.mutate(
      { vatRatePercent: Number(rate) },
      {
        onSuccess: () => toast.success('Settings saved successfully'),
        onError: (err) => setError((err instanceof ApiError && err.fields?.vatRatePercent) || errorMessage(err, 'Failed to save settings')),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>VAT on trade invoices</CardTitle>
        <CardDescription>
          Prices include VAT. Each invoice shows the VAT its total contains at this rate; invoices already issued keep the rate they were
          issued with.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <ErrorState title="Failed to load settings" message={errorMessage(settings.error)} onRetry={() => settings.refetch()} />
        ) : rate === null ? (
          <Skeleton className="h-[4.5rem] max-w-md" />
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <Field id="settings-vatRate" label="VAT rate (%)" error={error} hint="Uganda: 18" className="sm:w-56">
              <Input
                id="settings-vatRate"
                inputMode="decimal"
                value={rate}
                invalid={!!error}
                onChange={(e) => setRate(e.target.value.replace(/[^0-9.]/g, ''))}
              />
            </Field>
            <Button
              type="submit"
              className="sm:mt-7"
              pending={update.isPending}
              pendingText="Saving..."
              disabled={rate === saved || rate === ''}
            >
              Save VAT rate
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
