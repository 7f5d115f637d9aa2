/** Outlet settings: the outlet's phone and opening hours, editable by its manager. */
import { Trans, useLingui } from '@lingui/react/macro';
import { OutletSettingsInput, type OutletSettings } from '@meatshop/shared/outlet';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutletSettings } from '@/features/outlet/api/get-outlet-settings';
import { useUpdateOutletSettings } from '@/features/outlet/api/update-outlet-settings';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatPhone } from '@/lib/format';

export function OutletSettingsScreen() {
  const { t } = useLingui();
  const { data, isPending, isError, error, refetch, isRefetching } = useOutletSettings();
  if (isPending) return <Skeleton className="h-80 w-full max-w-2xl rounded-[var(--radius-card)]" />;
  if (isError) {
    return (
      <Card className="max-w-2xl">
        <ErrorState
          title={t`Failed to load outlet settings`}
          message={errorMessage(error)}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      </Card>
    );
  }
  return (
    <div className="grid max-w-4xl gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Contact &amp; hours</Trans>
          </CardTitle>
          <CardDescription>
            {data.canEdit ? t`Shown to customers on the Contact page.` : t`Only the outlet manager can change these details.`}
          </CardDescription>
        </CardHeader>
        <CardContent>{data.canEdit ? <SettingsForm settings={data} /> : <ReadOnly settings={data} />}</CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{data.name}</CardTitle>
          <CardDescription>
            <Trans>Managed by an administrator.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-muted">
                <Trans>Address</Trans>
              </dt>
              <dd className="text-ink">{[data.address, data.city, data.country].filter(Boolean).join(', ')}</dd>
            </div>
            <div>
              <dt className="text-muted">
                <Trans>Manager</Trans>
              </dt>
              <dd className="text-ink">{data.managerName}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

function ReadOnly({ settings }: { settings: OutletSettings }) {
  return (
    <dl className="space-y-3 text-sm">
      <div>
        <dt className="text-muted">
          <Trans>Phone</Trans>
        </dt>
        <dd className="font-medium text-ink">{formatPhone(settings.phone)}</dd>
      </div>
      <div>
        <dt className="text-muted">
          <Trans>Opening hours</Trans>
        </dt>
        <dd className="font-medium text-ink">{settings.openingHours}</dd>
      </div>
    </dl>
  );
}

function SettingsForm({ settings }: { settings: OutletSettings }) {
  const { t } = useLingui();
  const save = useUpdateOutletSettings();
  const form = useForm<OutletSettingsInput>({
    resolver: zodResolver(OutletSettingsInput),
    defaultValues: { phone: formatPhone(settings.phone), openingHours: settings.openingHours },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (s) => {
        form.reset({ phone: formatPhone(s.phone), openingHours: s.openingHours });
        toast.success(t`Outlet updated successfully`);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          for (const [k, msg] of Object.entries(err.fields)) {
            if (k === 'phone' || k === 'openingHours') form.setError(k, { message: msg });
          }
        }
        toast.error(errorMessage(err, t`Failed to save outlet`));
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="outlet-phone" label={t`Phone`} error={errors.phone?.message}>
        <Input
          id="outlet-phone"
          type="tel"
          autoComplete="tel"
          invalid={!!errors.phone}
          aria-describedby={fieldDescribedBy('outlet-phone', errors.phone?.message)}
          {...form.register('phone')}
        />
      </Field>
      <Field
        id="outlet-hours"
        label={t`Opening hours`}
        error={errors.openingHours?.message}
        hint={t`For example Mon-Fri: 9:00 AM - 6:00 PM`}
      >
        <Input
          id="outlet-hours"
          invalid={!!errors.openingHours}
          placeholder="Mon-Fri: 9:00 AM - 6:00 PM"
          aria-describedby={fieldDescribedBy('outlet-hours', errors.openingHours?.message, true)}
          {...form.register('openingHours')}
        />
      </Field>
      <Button type="submit" pending={save.isPending} pendingText={t`Saving…`} disabled={!isDirty}>
        <Trans>Save Changes</Trans>
      </Button>
    </form>
  );
}
