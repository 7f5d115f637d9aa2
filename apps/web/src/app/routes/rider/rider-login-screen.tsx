/**
 * Rider sign-in and sign-up: a rider profile must exist,
 * else the server ends the session with "No rider profile found. Please contact support."
 * The install prompt shows here too, 3 s after the browser offers it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from '@/app/routes/storefront/language-switcher';
import { PasswordField, TextField } from '@/components/ui/field';
import { zodResolver } from '@hookform/resolvers/zod';
import { password, SignInInput } from '@meatshop/shared/auth';
import { SHOP } from '@meatshop/shared/constants';
import { useMutation } from '@tanstack/react-query';
import { Headset } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from '@/lib/router';
import { toast } from '@/lib/toast';
import { LogoMark } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { useState } from 'react';
import { riderSignIn } from '@/features/rider/api/rider-sign-up';
import { InstallPrompt } from '@/features/rider/components/install-prompt';
import { RiderSignUpForm } from '@/features/rider/components/rider-sign-up-form';
import { useRiderManifest } from './rider-theme';
import { errorMessage } from '@/lib/api-client';
import { useShopInfo } from '@/features/catalog/api/get-shop-info';
import { formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useShopStore } from '@/stores/shop-store';

const RiderSignInForm = SignInInput.extend({ password });
const NO_RIDER = 'No rider profile found. Please contact support.';

export function RiderLoginScreen() {
  const shop = useShopInfo();
  const mutation = useMutation({
    mutationFn: riderSignIn,
  });
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in');
  const { t } = useLingui();
  const supportPhone = formatPhone(shop.supportPhone);
  useRiderManifest();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(RiderSignInForm), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (session) => {
        toast.success(t`Welcome back!`);
        // The login route's gate sends a signed-in rider to the dashboard.
        useShopStore.getState().setSession(session);
      },
      onError: (err) => {
        if (errorMessage(err) === NO_RIDER) {
          useShopStore.getState().setSession({ user: null, rider: null, outletEmployee: null });
          // The server's own words, in the rider's language.
          toast.error(t`No rider profile found. Please contact support.`);
          return;
        }
        toast.error(errorMessage(err, t`Failed to sign in`));
      },
    }),
  );

  return (
    <div className="flex min-h-dvh flex-col bg-cream">
      <div className="relative overflow-hidden bg-brand-950 px-6 pt-[calc(env(safe-area-inset-top)+3rem)] pb-24 text-center text-cream">
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_50%_0%,rgb(178_58_50/0.5),transparent_65%)]" aria-hidden="true" />
        <div className="relative">
          <LogoMark className="mx-auto size-16" />
          <p className="mt-4 text-xs font-semibold tracking-[0.2em] text-gold-soft uppercase">{SHOP.name}</p>
          <h1 className="mt-2 font-display text-3xl font-semibold">Prime Rider</h1>
          <p className="mt-2 text-sm text-cream/80">
            <Trans>Deliveries, earnings and your day on the road.</Trans>
          </p>
          <LanguageSwitcher className="mt-4 text-cream/90" selectClassName="text-sm" />
        </div>
      </div>

      <main className="relative mx-auto -mt-16 w-full max-w-md flex-1 px-4 pb-10">
        <div className="rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-lift sm:p-8">
          <div className="grid grid-cols-2 gap-1 rounded-full bg-cream-deep p-1" role="tablist" aria-label={t`Sign in or create account`}>
            {(['sign-in', 'sign-up'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={mode === m}
                onClick={() => setMode(m)}
                className="h-11 rounded-full text-sm font-semibold text-muted aria-selected:bg-surface aria-selected:text-ink aria-selected:shadow-sm"
              >
                {m === 'sign-in' ? <Trans>Sign In</Trans> : <Trans>Create Account</Trans>}
              </button>
            ))}
          </div>
          {mode === 'sign-up' ? (
            <RiderSignUpForm />
          ) : (
            <>
              <h2 className="mt-6 font-display text-2xl font-semibold text-ink">
                <Trans>Sign in</Trans>
              </h2>
              <p className="mt-1 text-sm text-muted">
                <Trans>Use the email and password from your rider registration.</Trans>
              </p>
              <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
                <TextField
                  id="rider-email"
                  label={t`Email`}
                  error={errors.email?.message}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                  className="h-14 text-lg"
                  {...register('email')}
                />
                <PasswordField
                  id="rider-password"
                  label={t`Password`}
                  error={errors.password?.message}
                  autoComplete="current-password"
                  required
                  minLength={6}
                  className="[&_input]:h-14 [&_input]:text-lg"
                  {...register('password')}
                />
                <Button
                  type="submit"
                  size="lg"
                  className="h-14 w-full text-base"
                  pending={mutation.isPending}
                  pendingText={t`Processing...`}
                >
                  <Trans>Sign In</Trans>
                </Button>
              </form>
            </>
          )}
        </div>

        <a
          href={`tel:${shop.supportPhone}`}
          className="mt-5 flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 transition-colors hover:bg-cream-deep"
        >
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Headset className="size-5" aria-hidden="true" />
          </span>
          <span>
            <span className="block text-sm font-semibold text-ink">
              <Trans>Need help or want to ride with us?</Trans>
            </span>
            <span className="block text-sm text-muted">
              <Trans>Call rider support on {supportPhone}</Trans>
            </span>
          </span>
        </a>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.home} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            <Trans>Back to the shop</Trans>
          </Link>
        </p>
      </main>
      <InstallPrompt />
    </div>
  );
}
