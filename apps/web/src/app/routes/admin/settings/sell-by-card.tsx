/**
 * Settings > Shop > Sell-by cut-off: how many days before its use-by date a batch stops being sold.
 * Past it the batch leaves sellable stock on its own and waits on the outlet's disposal list.
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

export function SellByCard() {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const [days, setDays] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (settings.data && days === null) setDays(String(settings.data.sellByDaysBeforeUseBy));
  }, [settings.data, days]);
  const saved = settings.data ? String(settings.data.sellByDaysBeforeUseBy) : '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    update.mutate(
      { sellByDaysBeforeUseBy: Number(days) },
      {
        onSuccess: () => toast.success('Settings saved successfully'),
        onError: (err) =>
          setError((err instanceof ApiError && err.fields?.sellByDaysBeforeUseBy) || errorMessage(err, 'Failed to save settings')),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sell-by cut-off</CardTitle>
        <CardDescription>
          Orders take the batch with the earliest use-by date first. A batch is sold until this many days before its use-by date; after that
          it leaves sale and is listed for disposal at its outlet.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <ErrorState title="Failed to load settings" message={errorMessage(settings.error)} onRetry={() => settings.refetch()} />
        ) : days === null ? (
          <Skeleton className="h-[4.5rem] max-w-md" />
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <Field
              id="settings-sellByDays"
              label="Days before use-by"
              error={error}
              hint="0 sells a batch through its use-by day."
              className="sm:w-56"
            >
              <Input
                id="settings-sellByDays"
                inputMode="numeric"
                value={days}
                invalid={!!error}
                onChange={(e) => setDays(e.target.value.replace(/[^0-9]/g, ''))}
              />
            </Field>
            <Button
              type="submit"
              className="sm:mt-7"
              pending={update.isPending}
              pendingText="Saving..."
              disabled={days === saved || days === ''}
            >
              Save Cut-off
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
