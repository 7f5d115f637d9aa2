/** Profile: rating, deliveries, vehicle, editable name and phone, support, sign out. */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from '@/app/routes/storefront/language-switcher';
import { zodResolver } from '@hookform/resolvers/zod';
import { APP_VERSION } from '@meatshop/shared/constants';
import { RiderProfileInput } from '@meatshop/shared/rider';
import { Bell, Bike, Headset, LogOut, Mail, PackageCheck, Siren, Star } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignOutFlow } from '@/features/auth/hooks/use-sign-out-flow';
import { useRiderProfile, useUpdateRiderProfile } from '@/features/rider/api/rider-profile';
import { enablePush, pushSupported } from '@/features/push/push-subscription';
import { errorMessage } from '@/lib/api-client';
import { useShopInfo } from '@/features/catalog/api/get-shop-info';
import { formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';

/** Police and ambulance in Uganda. */
const EMERGENCY_PHONE = '999';

const VEHICLE = { motorcycle: msg`Motorcycle`, bicycle: msg`Bicycle` } as const;

export function RiderProfileScreen() {
  const shop = useShopInfo();
  const profile = useRiderProfile();
  const update = useUpdateRiderProfile();
  const signOut = useSignOutFlow(paths.rider.login);
  const form = useForm({ resolver: zodResolver(RiderProfileInput), defaultValues: { fullName: '', phone: '' } });
  const { errors } = form.formState;
  const { t, i18n } = useLingui();

  useEffect(() => {
    if (profile.data) form.reset({ fullName: profile.data.fullName, phone: formatPhone(profile.data.phone) });
  }, [profile.data, form]);

  if (profile.isPending) return <Skeleton className="h-96 w-full rounded-[var(--radius-card)]" />;
  if (profile.isError) return <ErrorState message={t`Failed to load profile`} onRetry={() => void profile.refetch()} />;
  const p = profile.data;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast.success(t`Profile updated successfully`),
      onError: (err) => toast.error(errorMessage(err, t`Failed to update profile`)),
    }),
  );

  return (
    <div className="space-y-4">
      <h1 className="font-display text-2xl font-semibold text-ink">
        <Trans>Profile</Trans>
      </h1>
      <div className="grid grid-cols-3 gap-2 text-center">
        <Card className="p-3">
          <Star className="mx-auto size-5 text-gold" aria-hidden="true" />
          <p className="mt-1 text-lg font-bold text-ink">{p.rating.toFixed(1)}</p>
          <p className="text-xs text-muted">
            <Trans>Rating</Trans>
          </p>
        </Card>
        <Card className="p-3">
          <PackageCheck className="mx-auto size-5 text-brand-700" aria-hidden="true" />
          <p className="mt-1 text-lg font-bold text-ink" data-testid="total-deliveries">
            {p.totalDeliveries}
          </p>
          <p className="text-xs text-muted">
            <Trans>Deliveries</Trans>
          </p>
        </Card>
        <Card className="p-3">
          <Bike className="mx-auto size-5 text-brand-700" aria-hidden="true" />
          {/* "Motorcycle" in a third of a phone: a smaller size on the same line height as the figures beside it. */}
          <p className="mt-1 truncate text-sm leading-7 font-bold text-ink">{i18n._(VEHICLE[p.vehicleType])}</p>
          <p className="text-xs text-muted">
            <Trans>Vehicle</Trans>
          </p>
        </Card>
      </div>

      <Card className="p-4">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field id="rider-full-name" label={t`Full Name`} error={errors.fullName?.message}>
            <Input
              id="rider-full-name"
              className="h-12"
              invalid={!!errors.fullName}
              aria-describedby={fieldDescribedBy('rider-full-name', errors.fullName?.message)}
              {...form.register('fullName')}
            />
          </Field>
          <Field id="rider-phone" label={t`Phone Number`} error={errors.phone?.message}>
            <Input
              id="rider-phone"
              type="tel"
              className="h-12"
              invalid={!!errors.phone}
              aria-describedby={fieldDescribedBy('rider-phone', errors.phone?.message)}
              {...form.register('phone')}
            />
          </Field>
          <Field id="rider-email-ro" label={t`Email`}>
            <Input id="rider-email-ro" value={p.email} readOnly disabled className="h-12" />
          </Field>
          <Button type="submit" size="lg" className="w-full" pending={update.isPending} pendingText={t`Saving...`}>
            <Trans>Save Changes</Trans>
          </Button>
        </form>
      </Card>

      <Card className="divide-y divide-line">
        <a href={`tel:${shop.supportPhone}`} className="flex items-center gap-3 p-4">
          <Headset className="size-5 text-brand-700" aria-hidden="true" />
          <span className="flex-1 font-medium text-ink">
            <Trans>Rider Support</Trans>
          </span>
          <span className="text-sm text-muted">{formatPhone(shop.supportPhone)}</span>
        </a>
        <a href={`mailto:${shop.supportEmail}`} className="flex items-center gap-3 p-4">
          <Mail className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <span className="flex-1 font-medium whitespace-nowrap text-ink">
            <Trans>Email Support</Trans>
          </span>
          <span className="min-w-0 truncate text-sm text-muted">{shop.supportEmail}</span>
        </a>
        <a href={`tel:${EMERGENCY_PHONE}`} className="flex items-center gap-3 p-4">
          <Siren className="size-5 text-danger" aria-hidden="true" />
          <span className="flex-1 font-medium text-ink">
            <Trans>Emergency Contact</Trans>
          </span>
          <span className="text-sm text-muted">{EMERGENCY_PHONE}</span>
        </a>
        {pushSupported() ? (
          <button
            type="button"
            className="flex w-full items-center gap-3 p-4 text-left"
            onClick={() =>
              enablePush()
                .then(() => toast.success(t`Notifications turned on`))
                .catch((err) => toast.error(errorMessage(err, t`Could not turn on notifications`)))
            }
          >
            <Bell className="size-5 text-brand-700" aria-hidden="true" />
            <span className="flex-1 font-medium text-ink">
              <Trans>Delivery notifications</Trans>
            </span>
            <span className="text-sm text-muted">
              <Trans>Turn on</Trans>
            </span>
          </button>
        ) : null}
        <div className="flex items-center gap-3 p-4">
          <span className="flex-1 font-medium text-ink">
            <Trans>Language</Trans>
          </span>
          <LanguageSwitcher className="text-muted" selectClassName="text-sm" />
        </div>
      </Card>

      <Button size="lg" variant="outline" className="w-full" pending={signOut.isPending} onClick={() => signOut.signOut()}>
        <LogOut className="size-5" aria-hidden="true" /> <Trans>Sign Out</Trans>
      </Button>
      <p className="pb-2 text-center text-xs text-muted">
        <Trans>Version {APP_VERSION}</Trans>
      </p>
    </div>
  );
}
