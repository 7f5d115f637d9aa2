/**
 * Settings > Shop > Main outlet: where units land when no outlet was chosen, such as stock entered on
 * the product form. Only active outlets are offered (the server refuses any other); with none chosen
 * it is the first active outlet by creation.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutlets } from '@/features/back-office/api/outlets';
import { useShopSettings, useUpdateShopSettings } from '@/features/back-office/api/shop-settings';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function MainOutletCard() {
  const settings = useShopSettings();
  const outlets = useOutlets();
  const update = useUpdateShopSettings();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (settings.data && choice === null) setChoice(settings.data.mainOutletId ?? '');
  }, [settings.data, choice]);

  const active = (outlets.data ?? []).filter((o) => o.isActive);
  const saved = settings.data?.mainOutletId ?? '';
  // A chosen outlet closed since: the setting stays, but stock goes to the first active outlet until it reopens.
  const closedChoice = saved && outlets.data && !active.some((o) => o.id === saved);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    update.mutate(
      { mainOutletId: choice || null },
      {
        onSuccess: () => toast.success('Settings saved successfully'),
        onError: (err) => setError((err instanceof ApiError && err.fields?.mainOutletId) || errorMessage(err, 'Failed to save settings')),
      },
    );
  };

  const failed = settings.isError ? settings : outlets.isError ? outlets : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Main outlet</CardTitle>
        <CardDescription>
          Stock always sits at an outlet. Units with no outlet of their own, such as the stock you enter when adding a product, go to the
          main outlet.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {failed ? (
          <ErrorState title="Failed to load settings" message={errorMessage(failed.error)} onRetry={() => failed.refetch()} />
        ) : choice === null || !outlets.data ? (
          <Skeleton className="h-[4.5rem] max-w-md" />
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <Field
              id="settings-mainOutletId"
              label="Main outlet"
              error={error}
              hint={
                closedChoice
                  ? 'The chosen outlet is inactive: until it reopens, stock goes to the first active outlet.'
                  : 'Only active outlets can be chosen.'
              }
              className="flex-1 sm:max-w-md"
            >
              <Select id="settings-mainOutletId" value={choice} invalid={!!error} onChange={(e) => setChoice(e.target.value)}>
                <option value="">Not chosen: the first active outlet</option>
                {active.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
                {closedChoice ? (
                  <option value={saved} disabled>
                    {outlets.data.find((o) => o.id === saved)?.name ?? 'Removed outlet'} (inactive)
                  </option>
                ) : null}
              </Select>
            </Field>
            <Button type="submit" className="sm:mt-7" pending={update.isPending} pendingText="Saving..." disabled={choice === saved}>
              Save Main Outlet
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
