/** Create a rider account: full name, phone, vehicle type, email, password. */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PasswordField, TextField } from '@/components/ui/field';
import { zodResolver } from '@hookform/resolvers/zod';
import { RiderSignUpInput } from '@meatshop/shared/rider';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useShopStore } from '@/stores/shop-store';
import { riderSignUp } from '../api/rider-sign-up';

const VEHICLE = { motorcycle: msg`Motorcycle`, bicycle: msg`Bicycle` } as const;

export function RiderSignUpForm() {
  const mutation = useMutation({ mutationFn: riderSignUp });
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RiderSignUpInput),
    defaultValues: { fullName: '', phone: '', vehicleType: 'motorcycle' as const, email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (session) => {
        toast.success(t`Account created successfully!`);
        useShopStore.getState().setSession(session);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          for (const [k, v] of Object.entries(err.fields)) setError(k as keyof typeof values, { message: v });
        }
        toast.error(errorMessage(err, t`Failed to create user account. Please try again.`));
      },
    }),
  );

  const big = 'h-14 text-lg';
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      <TextField
        id="rider-full-name"
        label={t`Full Name`}
        error={errors.fullName?.message}
        autoComplete="name"
        className={big}
        {...register('fullName')}
      />
      <TextField
        id="rider-phone"
        label={t`Phone Number`}
        error={errors.phone?.message}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0772 123456"
        className={big}
        {...register('phone')}
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold text-ink">
          <Trans>Vehicle Type</Trans>
        </legend>
        <div className="grid grid-cols-2 gap-2">
          {(['motorcycle', 'bicycle'] as const).map((v) => (
            <label
              key={v}
              className="flex h-14 cursor-pointer items-center justify-center gap-2 rounded-xl border border-line-strong bg-surface text-base font-semibold text-ink has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800"
            >
              <input type="radio" value={v} className="sr-only" {...register('vehicleType')} />
              {i18n._(VEHICLE[v])}
            </label>
          ))}
        </div>
        {errors.vehicleType ? <p className="mt-1 text-sm font-medium text-danger">{errors.vehicleType.message}</p> : null}
      </fieldset>
      <TextField
        id="rider-signup-email"
        label={t`Email`}
        error={errors.email?.message}
        type="email"
        inputMode="email"
        autoComplete="email"
        className={big}
        {...register('email')}
      />
      <PasswordField
        id="rider-signup-password"
        label={t`Password`}
        error={errors.password?.message}
        autoComplete="new-password"
        className="[&_input]:h-14 [&_input]:text-lg"
        {...register('password')}
      />
      <Button type="submit" size="lg" className="h-14 w-full text-base" pending={mutation.isPending} pendingText={t`Processing...`}>
        <Trans>Create Account</Trans>
      </Button>
    </form>
  );
}
