/**
 * Profile form (spec sections 2 and 5): full name and phone required and editable, email read-only,
 * and whether order updates come by SMS (email updates always go).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Profile, ProfileUpdateInput } from '@meatshop/shared/account';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { formatPhone } from '@/lib/format';
import { useUpdateProfile } from '../api/update-profile';

export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    setValue,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(ProfileUpdateInput),
    defaultValues: { fullName: profile.fullName, phone: profile.phone ? formatPhone(profile.phone) : '', smsOptOut: profile.smsOptOut },
  });

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (p) => {
        reset({ fullName: p.fullName, phone: p.phone ? formatPhone(p.phone) : '', smsOptOut: p.smsOptOut });
        toast.success(t`Profile updated successfully`);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          for (const k of ['fullName', 'phone'] as const) if (err.fields[k]) setError(k, { message: err.fields[k] });
        }
        toast.error(t`Failed to update profile`);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="profile-name" label={t`Full Name`} error={errors.fullName?.message}>
        <Input
          id="profile-name"
          autoComplete="name"
          required
          invalid={!!errors.fullName}
          aria-describedby={fieldDescribedBy('profile-name', errors.fullName?.message)}
          {...register('fullName')}
        />
      </Field>
      <Field id="profile-phone" label={t`Phone Number`} error={errors.phone?.message}>
        <Input
          id="profile-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          invalid={!!errors.phone}
          aria-describedby={fieldDescribedBy('profile-phone', errors.phone?.message)}
          {...register('phone')}
        />
      </Field>
      <Field id="profile-email" label={t`Email`} hint={t`Your email is how you sign in, so it can't be changed here.`}>
        <Input id="profile-email" type="email" value={profile.email} readOnly disabled aria-describedby="profile-email-hint" />
      </Field>
      <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-surface p-3">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={!watch('smsOptOut')}
          onChange={(e) => setValue('smsOptOut', !e.target.checked, { shouldDirty: true })}
        />
        <span>
          <span className="block text-sm font-semibold text-ink">
            <Trans>Order updates by SMS</Trans>
          </span>
          <span className="block text-xs text-muted">
            <Trans>A text when your order is confirmed, paid, on its way and delivered. Emails are always sent.</Trans>
          </span>
        </span>
      </label>
      <Button type="submit" pending={update.isPending} pendingText={t`Saving...`} disabled={!isDirty}>
        <Trans>Save changes</Trans>
      </Button>
    </form>
  );
}
