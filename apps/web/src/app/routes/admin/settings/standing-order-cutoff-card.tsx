/**
 * Settings > Shop > Standing orders: the time of day, the day before delivery, when each standing
 * order's delivery is placed. Until then trade members may skip or change it; after it, it is locked.
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

export function StandingOrderCutoffCard() {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const [time, setTime] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (settings.data && time === null) setTime(settings.data.standingOrderCutoff);
  }, [settings.data, time]);
  const saved = settings.data ? settings.data.standingOrderCutoff : '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    update.mutate(
      { standingOrderCutoff: time ?? '' },
      {
        onSuccess: () => toast.success('Settings saved successfully'),
        onError: (err) =>
          setError((err instanceof ApiError && err.fields?.standingOrderCutoff) || errorMessage(err, 'Failed to save settings')),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Standing orders</CardTitle>
        <CardDescription>
          Trade accounts' standing orders are placed at this time (Kampala) the day before each delivery. Until then members can skip or
          change a delivery; after it the order is placed and they are told.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <ErrorState title="Failed to load settings" message={errorMessage(settings.error)} onRetry={() => settings.refetch()} />
        ) : time === null ? (
          <Skeleton className="h-[4.5rem] max-w-md" />
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <Field id="settings-standingCutoff" label="Cut-off, the day before" error={error} hint="A time like 18:00." className="sm:w-56">
              <Input id="settings-standingCutoff" type="time" value={time} invalid={!!error} onChange={(e) => setTime(e.target.value)} />
            </Field>
            <Button
              type="submit"
              className="sm:mt-7"
              pending={update.isPending}
              pendingText="Saving..."
              disabled={time === saved || time === ''}
            >
              Save standing order cut-off
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
